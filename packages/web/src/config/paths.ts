/** Every route path of the app, so links and redirects never drift apart. */
export const paths = {
  dashboard: '/',
  login: '/login',
  signup: '/signup',
  logout: '/logout',
  profile: '/profile',
  /** The signed-in user's two-factor sign-in, and the owner's rule for the account (issue 34). */
  security: '/settings/security',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  ips: '/ips',
  settings: '/settings',
  groupManagement: '/settings/groupmanagement',
  /** The account's VRFs (routing domains, issue 30). */
  vrfManagement: '/settings/vrfs',
  /** DNS sync: providers, subnet DNS settings and Compare with DNS (issue 32). */
  dns: '/settings/dns',
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

/** The results page of a search across all subnets. */
export function searchPath(q: string): string {
  return `${paths.search}?${new URLSearchParams({ q })}`;
}
