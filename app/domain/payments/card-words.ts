// A saved card as pages name it: 'Visa ending 4242'. Pure.

export const cardLabel = (card: { brand: string; last4: string }) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`
