// Sentences the server writes in English (a schema's refusal, the domain's answer) shown in the
// reader's language. The `messages` catalogue is keyed by the English sentence and read as plain
// text, never as a message format: a sentence it does not hold stays as written.
import type { Resource } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Language } from './languages'

export function messageIn(resources: Resource | undefined, message: string, language: Language): string {
  if (language === 'en') return message
  const found = (resources?.[language]?.messages as Record<string, unknown> | undefined)?.[message]
  return typeof found === 'string' && found ? found : message
}

/** The page's translator of the server's sentences: `say(result.message)`. */
export function useServerMessage(): (message: string | null | undefined) => string {
  const { i18n } = useTranslation('messages')
  const language = (i18n.language === 'es' ? 'es' : 'en') as Language
  return (message) => {
    if (!message) return ''
    if (language === 'en') return message
    const found = i18n.getResource(language, 'messages', message) as unknown
    return typeof found === 'string' && found ? found : message
  }
}
