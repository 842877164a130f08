// "Forgot password?" texts and limits, shared by the pages and the server (docs/decisions/0009).
export const RESET_VALID_MINUTES = 60
export const RESET_REQUESTED_MESSAGE =
  'If an account uses that e-mail, we have sent it a link to choose a new password. The link works for an hour.'
export const RESET_LINK_INVALID = 'This link has expired or has already been used. Ask for a new one below.'
