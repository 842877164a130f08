// What the text files in app/content/ share: the rules for a piece of text, and one way to read a
// file against its zod schema. The schemas run in the unit tests only (cities.test.ts,
// page-content.test.ts); the pages take their types with `import type`, so zod stays out of the
// browser bundle.
import { z } from 'zod'

/** Non-empty, without leading or trailing whitespace. */
export const contentText = z
  .string()
  .regex(/^\S(?:[\s\S]*\S)?$/, 'must be non-empty text with no leading or trailing spaces')

/** Content text on one line: a paragraph is one string. */
export const contentParagraph = contentText.regex(/^[^\n]*$/, 'must be one paragraph, without line breaks')

/** Parse one file (`path` below app/content/), throwing an error that names the file and every problem in it. */
export function parseContentFile<T>(schema: z.ZodType<T>, path: string, data: unknown): T {
  const result = schema.safeParse(data)
  if (!result.success) {
    throw new Error(`app/content/${path} is malformed:\n${z.prettifyError(result.error)}`)
  }
  return result.data
}
