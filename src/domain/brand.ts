/** The product name lives here only, so a rename is one edit (DESIGN.md "Brand"). */
export const BRAND = {
  name: 'Caramel',
  /** Lower-case form used in routes such as /caramel-offers (SPEC §2.3). */
  slug: 'caramel',
  tagline: 'Buy and sell cars privately, with the paperwork handled.',
} as const;

/** SPEC §9: the tracking-preference cookie is named with the product name followed by DoNotTrack. */
export const TRACKING_COOKIE = `${BRAND.name}DoNotTrack`;
