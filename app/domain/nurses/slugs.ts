// URL slugs for nurse profiles. Pure. A nurse's slug ends with the profile id,
// so two nurses with the same name still get different, stable slugs.

/** Lower-case ASCII words joined by hyphens: 'Maria López, RN' → 'maria-lopez-rn'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/œ/gi, 'oe')
    .replace(/ø/gi, 'o')
    .replace(/ł/gi, 'l')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    // The lookbehind starts the trailing run only at its first dash: linear, not quadratic.
    .replace(/^-+|(?<!-)-+$/g, '')
}

/** The public slug of a nurse profile: `${slugify(displayName)}-${id}` ('nurse-12' when the name has no letters). */
export function nurseSlug(displayName: string, id: number): string {
  const base = slugify(displayName)
  return `${base || 'nurse'}-${id}`
}
