// A saved card as pages name it: 'Visa ending 4242'. Pure. Given the `booking` namespace's `t`, in
// the reader's language ('Visa terminada en 4242'); without it, English.
import type { Translate } from '~/i18n/translate'

export const cardLabel = (card: { brand: string; last4: string }, t?: Translate) => {
  const brand = `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`
  return t ? t('card.ending', { brand, last4: card.last4 }) : `${brand} ending ${card.last4}`
}
