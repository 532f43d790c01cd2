/** Who takes part (SPEC §3, §6): user types, the two sides of a deal, and the roles on each side. */

export const USER_TYPES = ['admin', 'dealer', 'customer'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const SIDES = ['buyer', 'seller'] as const;
export type Side = (typeof SIDES)[number];

/** The other side of a deal. */
export const otherSide = (side: Side): Side => (side === 'buyer' ? 'seller' : 'buyer');

export const DEAL_ROLES = [
  'buyer',
  'seller',
  'coBuyer',
  'additionalBuyer',
  'additionalSeller',
  'registeredOwner1',
  'registeredOwner2',
] as const;
export type DealRole = (typeof DEAL_ROLES)[number];

/** The roles that act on each side's transaction: a co-buyer on the buyer's, a registered owner on the seller's. */
export const SIDE_ROLES: Record<Side, readonly DealRole[]> = {
  buyer: ['buyer', 'coBuyer', 'additionalBuyer'],
  seller: ['seller', 'additionalSeller', 'registeredOwner1', 'registeredOwner2'],
};
