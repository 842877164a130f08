// Where a signed-in user belongs, after a password or a Google popup sign-in (the landing pages
// are listed in docs/product-texts.md). Pure.
export type Role = 'parent' | 'nurse' | 'admin'

export interface RedirectSubject {
  role: string
  /** The nurse's onboarding verification status, 'none' or null when not started. */
  nurseVerificationStatus?: string | null
}

/** The user a sign-in page receives once the password or Google sign-in succeeds. */
export interface SignedInUser {
  id: number
  role: string
  displayName: string
  nurseVerificationStatus?: string | null
}

export function homePathFor(user: RedirectSubject): string {
  switch (user.role) {
    case 'admin':
      return '/admin/dashboard'
    case 'parent':
      return '/parent/dashboard'
    case 'nurse':
      return user.nurseVerificationStatus && user.nurseVerificationStatus !== 'none'
        ? '/nurse/dashboard'
        : '/night-nurse-onboard'
    default:
      return '/parent/dashboard'
  }
}

/** The header's Dashboard link: nurses to theirs, admins to theirs, anyone else the parent's. */
export function dashboardPathFor(role: string): string {
  if (role === 'nurse') return '/nurse/dashboard'
  if (role === 'admin') return '/admin/dashboard'
  return '/parent/dashboard'
}

export function accessDeniedMessage(role: string): string {
  return `Access denied. Your role (${role}) lacks required permissions.`
}
