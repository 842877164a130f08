// The built-in test provider's card and bank numbers (docs/money.md), the same as Stripe's test
// numbers so a tester's habits carry over. Pure: the card forms and the nurse's payout form show
// them, the test provider checks them.
export const TEST_CARD_SUCCEEDS = '4242 4242 4242 4242'
export const TEST_CARD_DECLINED = '4000 0000 0000 0002'
/** Saved without trouble, then every charge to it is declined (Stripe's 4000 0000 0000 0341). */
export const TEST_CARD_SAVED_DECLINES = '4000 0000 0000 0341'

/** Stripe's test bank numbers: the routing number and the account that receives payouts. */
export const TEST_ROUTING_NUMBER = '110000000'
export const TEST_ACCOUNT_SUCCEEDS = '000123456789'
/** An account whose payouts fail, to try the failure path. */
export const TEST_ACCOUNT_FAILS = '000111111116'
export const TEST_BANK_FAILURE = 'The bank account could not accept the payout (test account 000111111116).'
