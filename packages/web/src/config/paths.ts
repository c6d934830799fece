/** Every route path of the app, so links and redirects never drift apart. */
export const paths = {
  dashboard: '/',
  login: '/login',
  signup: '/signup',
  logout: '/logout',
  profile: '/profile',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  ips: '/ips',
  settings: '/settings',
  groupManagement: '/settings/groupmanagement',
  tools: '/tools',
  accounts: '/accounts',
  support: '/support',
  terms: '/tos',
  privacy: '/privacy',
  upgrade: '/upgrade',
  checkoutSuccess: '/checkout/success',
  checkoutCancel: '/checkout/cancel',
  /** The built-in test provider's payment page (BL-9). */
  testCheckout: '/billing/test-checkout/:sessionId',
  apiDocs: '/api/docs',
  /** How to install and run the scanner agent (linked from Settings › Scanners). */
  scannerSetup: '/docs/scanner',
  /** The account's change history (the audit log); `?subnetId=` and `?userId=` filter it. */
  history: '/history',
  /** Search across all subnets (`?q=`). */
  search: '/search',
} as const;

/** The product name shown in the top bar, the footer and the page titles. */
export const productName = 'IPAM';

/**
 * The IP view of a subnet: `at` opens it at that address (scrolled there, the row marked), `q` and
 * `filter` search and filter its list, as the view itself keeps them in the URL.
 */
export function ipViewPath(
  subnetId: string,
  options: { at?: string; q?: string; filter?: 'in-use' | 'available' } = {},
): string {
  const params = new URLSearchParams({ subnet: subnetId });
  if (options.at) params.set('at', options.at);
  if (options.filter) params.set('filter', options.filter);
  if (options.q) params.set('q', options.q);
  return `${paths.ips}?${params}`;
}

/** The results page of a search across all subnets. */
export function searchPath(q: string): string {
  return `${paths.search}?${new URLSearchParams({ q })}`;
}
