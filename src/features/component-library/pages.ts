/** The component-library pages of SPEC §2.6, in the spec's order; routes and index read it. */
export const SHOWCASE_PAGES = [
  'otp',
  'cards',
  'icons',
  'alerts',
  'modals',
  'buttons',
  'popover',
  'tooltip',
  'dropdown',
  'snackbar',
  'accordion',
  'typography',
  'form-inputs',
] as const;

/** Full-page previews of the layouts that have no routes of their own yet. */
export const LAYOUT_PAGES = ['transaction-flow', 'legal-content', 'notification-flow'] as const;
