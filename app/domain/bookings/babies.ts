// Twins and triplets (issue 36): the words a family, a nurse and an admin read about how many
// babies a night is for. Pure, so the /book page, the profile, receipts and e-mails say the same.
import { formatNightlyRate, MAX_BABIES, MIN_BABIES } from './pricing'
import type { Translate } from '~/i18n/translate'

/** 1, 2 or 3: how many babies a night is for, or the most a nurse takes. */
export type BabyCount = 1 | 2 | 3

export function isBabyCount(value: unknown): value is BabyCount {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_BABIES && value <= MAX_BABIES
}

/** 'One baby', 'Twins', 'Triplets'. */
export function babiesLabel(babies: number): string {
  return babies === 3 ? 'Triplets' : babies === 2 ? 'Twins' : 'One baby'
}

/** What a nurse takes: 'Single babies only', 'Twins', 'Twins and triplets'. */
export function takesBabiesLabel(maxBabies: number): string {
  return maxBabies >= 3 ? 'Twins and triplets' : maxBabies === 2 ? 'Twins' : 'Single babies only'
}

/**
 * The mark on a nurse's card in search and on the city pages: 'Takes twins', 'Takes twins and
 * triplets', or null for single babies only. The same nurses search's 'Twins' filter finds.
 * With `t` (of `common`), in its language.
 */
export function takesTwinsMark(maxBabies: number, t?: Translate): string | null {
  if (t) return maxBabies >= 3 ? t('babies.takesTwinsAndTriplets') : maxBabies === 2 ? t('babies.takesTwins') : null
  return maxBabies >= 2 ? `Takes ${takesBabiesLabel(maxBabies).toLowerCase()}` : null
}

/** The choices /book offers for a nurse who takes up to maxBabies. */
export function babiesChoices(maxBabies: number): Array<{ value: BabyCount; label: string }> {
  const all: Array<{ value: BabyCount; label: string }> = [
    { value: 1, label: 'One baby' },
    { value: 2, label: 'Twins' },
    { value: 3, label: 'Triplets' },
  ]
  return all.filter((choice) => choice.value <= Math.max(1, maxBabies))
}

/**
 * The refusal when a booking asks for more babies than she takes (409, docs/product-texts.md):
 * 'Sarah takes single babies only.' or 'Sarah takes twins, not triplets.'
 */
export function tooManyBabiesMessage(nurseName: string, maxBabies: number): string {
  const name = nurseName.trim() || 'This nurse'
  return maxBabies >= 2 ? `${name} takes twins, not triplets.` : `${name} takes single babies only.`
}

/**
 * The twin line of a price, receipt or profile: 'Twins · +$80 a night' (the extra for each baby
 * after the first, times those babies); null for one baby. With `t` (of `common`), in its language.
 */
export function babiesPriceLine(babies: number, extraBabyCents: number, t?: Translate): string | null {
  if (babies <= 1) return null
  if (t) return t('babies.priceLine', { babies, amount: formatNightlyRate(extraBabyCents * (babies - 1)) })
  return `${babiesLabel(babies)} · +${formatNightlyRate(extraBabyCents * (babies - 1))} a night`
}

/**
 * What her profile says she asks for twins and triplets: 'Twins: +$80 a night',
 * 'Triplets: +$160 a night'; nothing when she takes single babies only.
 */
export function twinPriceLines(maxBabies: number, extraBabyCents: number, t?: Translate): string[] {
  const lines: string[] = []
  for (let babies = 2; babies <= Math.min(maxBabies, MAX_BABIES); babies++) {
    if (t) {
      const amount = formatNightlyRate(extraBabyCents * (babies - 1))
      lines.push(extraBabyCents > 0 ? t('babies.profilePriceLine', { babies, amount }) : t('babies.profileNoExtra', { babies }))
      continue
    }
    lines.push(
      extraBabyCents > 0
        ? `${babiesLabel(babies)}: +${formatNightlyRate(extraBabyCents * (babies - 1))} a night`
        : `${babiesLabel(babies)}: no extra charge`,
    )
  }
  return lines
}
