import { z } from 'zod'
import { LANGUAGES } from '~/i18n/languages'

export const CHOOSE_LANGUAGE_MESSAGE = 'Choose English or Spanish.'

/** The header's and footer's language switcher (POST /language). */
export const languageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: CHOOSE_LANGUAGE_MESSAGE }),
  // The page to go back to; one too long to be ours is dropped (home instead), not a refusal.
  redirectTo: z.string().max(2000).optional().catch(undefined),
})
