// One number on a dashboard with its label (and a hint below it): the parent's four numbers are
// landmarks (sections a screen reader lists), the admin's are groups inside the page.
import classes from './dashboard-cards.module.css'

export function StatCard({
  label,
  value,
  hint,
  landmark = false,
}: {
  label: string
  value: string
  hint?: string
  /** A `section` named by its label, instead of a `group`. */
  landmark?: boolean
}) {
  const Element = landmark ? 'section' : 'div'
  return (
    <Element className={classes.cardMd} role={landmark ? undefined : 'group'} aria-label={label}>
      <p className={classes.statLabel}>{label}</p>
      <p className={classes.statValue}>{value}</p>
      {hint && <p className={classes.statHint}>{hint}</p>}
    </Element>
  )
}
