import classes from './site-chrome.module.css'

export function Logo() {
  return (
    <span className={classes.logo}>
      <svg width="30" height="30" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#24338b" />
        <path d="M40 14a18 18 0 1 0 10 31A20 20 0 0 1 40 14z" fill="#ffd98a" />
        <circle cx="46" cy="18" r="2.5" fill="#fff" />
      </svg>
      <span className={classes.logoName}>Nightlight</span>
    </span>
  )
}
