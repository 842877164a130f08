// What a pure function that writes words takes to write them in the reader's language: a
// component passes `useTranslation(ns).t`, the server `translator(ns)` (i18n.server.ts).
export type Translate = (key: string, values?: Record<string, unknown>) => string
