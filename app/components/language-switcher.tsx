// The language switcher of the header and the footer (issue 37): a form with one button naming the
// other language in that language ('Español', 'English'). It works before JavaScript loads and
// reloads the page whole in the new language (POST /language).
import { useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LANGUAGE_NAMES, LANGUAGE_TAGS, languageOfTag, type Language } from '~/i18n/languages'
import classes from './site-chrome.module.css'

export function LanguageSwitcher({ place }: { place: 'header' | 'footer' }) {
  const { pathname, search } = useLocation()
  const { t, i18n } = useTranslation()
  const current: Language = languageOfTag(i18n.language) ?? 'en'
  const other: Language = current === 'en' ? 'es' : 'en'
  return (
    <form method="post" action="/language" className={classes.languageForm}>
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        name="language"
        value={other}
        lang={LANGUAGE_TAGS[other]}
        title={t('language.switchTitle')}
        className={`mantine-focus-auto ${place === 'header' ? classes.languageButton : classes.languageButtonFooter}`}
      >
        {LANGUAGE_NAMES[other]}
      </button>
    </form>
  )
}
