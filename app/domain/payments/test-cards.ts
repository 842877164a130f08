// The built-in test provider's card numbers (docs/money.md), the same as Stripe's test cards so
// a tester's habits carry over. Pure: the card forms show them, the test provider checks them.
export const TEST_CARD_SUCCEEDS = '4242 4242 4242 4242'
export const TEST_CARD_DECLINED = '4000 0000 0000 0002'
/** Saved without trouble, then every charge to it is declined (Stripe's 4000 0000 0000 0341). */
export const TEST_CARD_SAVED_DECLINES = '4000 0000 0000 0341'
