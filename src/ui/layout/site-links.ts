/** Where the site's navigation points (SPEC §2.1), kept as data so header and footer agree. */
export const PRIMARY_LINKS = [
  { to: '/how-it-works', label: 'How it works' },
  { to: '/learn-more', label: 'Guides' },
  { to: '/dealers', label: 'Dealers' },
  { to: '/help', label: 'Help' },
] as const;

export const FOOTER_GROUPS = [
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/how-it-works', label: 'How it works' },
      { to: '/dealers', label: 'For dealers' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help' },
      { to: '/learn-more', label: 'Guides' },
      { to: '/healthcheck', label: 'Service status' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/legal/terms-of-use', label: 'Terms of use' },
      { to: '/legal/privacy-policy', label: 'Privacy policy' },
      { to: '/legal/esign-policy', label: 'E-sign policy' },
      { to: '/legal/tcpa-policy', label: 'TCPA policy' },
    ],
  },
] as const;

export const DASHBOARD_LINKS = [
  { to: '/dashboard', label: 'Welcome', end: true },
  { to: '/dashboard/overview', label: 'Overview', end: true },
  { to: '/dashboard/new-transactions', label: 'New transaction', end: true },
  { to: '/dashboard/caramel-offers', label: 'Offers', end: false },
  { to: '/dashboard/messages', label: 'Messages', end: false },
  { to: '/dashboard/active-transactions', label: 'Active transactions', end: true },
  { to: '/dashboard/active-transactions/upload-docs', label: 'Documents', end: false },
  { to: '/dashboard/previous-transactions', label: 'Previous transactions', end: false },
  { to: '/dashboard/caramel-code', label: 'Caramel code', end: true },
  { to: '/link-account', label: 'Bank accounts', end: false },
  { to: '/account', label: 'Account', end: false },
] as const;

/** Entries only some user types see (SPEC §1 "dealers have a financing area"; admins manage the programme). */
export const ROLE_LINKS = {
  dealer: [{ to: '/finance', label: 'Dealer financing', end: false }],
  admin: [
    { to: '/dashboard/dealers', label: 'Dealers', end: true },
    { to: '/dashboard/partner-keys', label: 'Partner keys', end: true },
    { to: '/dashboard/deliveries', label: 'Deliveries', end: true },
    { to: '/dashboard/disputes', label: 'Disputes', end: false },
  ],
  customer: [],
} as const;
