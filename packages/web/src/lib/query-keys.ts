/**
 * Every TanStack Query key of the app in one place. Account-scoped keys start with
 * ['accounts', accountId]; a key that is a prefix of others (a subnet's `addresses`, `searches`)
 * names all of them at once, which is how the live refresh table (live-refresh.ts) picks them.
 */
export const queryKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
  /** Whom an invite link was sent to (public, before sign-up). */
  invitation: (token: string) => ['invitation', token] as const,
  /** The signed-in user's sessions (not account-scoped). */
  sessions: ['sessions'] as const,
  /** The signed-in user's choice of a daily e-mail of alerts (not account-scoped). */
  alertDigest: ['alert-digest'] as const,
  /** The signed-in user's second factor (not account-scoped). */
  twoFactor: ['two-factor'] as const,
  /** The signed-in user's passkeys (not account-scoped). */
  passkeys: ['passkeys'] as const,
  /** The single sign-on providers the login page offers (`?sso=` names an account's). */
  loginProviders: (slug: string) => ['sso', 'providers', slug] as const,
  /** The providers of the user's accounts and whether their sign-in is linked (not account-scoped). */
  ssoLinks: ['sso', 'links'] as const,
  /** An account's single sign-on settings (owners). */
  ssoSettings: (accountId: string) => ['accounts', accountId, 'sso'] as const,
  accounts: ['accounts', 'list'] as const,
  account: (accountId: string) => ['accounts', accountId] as const,
  users: (accountId: string) => ['accounts', accountId, 'users'] as const,
  invites: (accountId: string) => ['accounts', accountId, 'invites'] as const,
  /** Saved calculations of both calculators (a `calculation` event does not say which). */
  allCalculations: (accountId: string) => ['accounts', accountId, 'calculations'] as const,
  /** Saved calculations of one calculator ('ipv4' or 'ipv6'). */
  calculations: (accountId: string, kind: 'ipv4' | 'ipv6') =>
    ['accounts', accountId, 'calculations', kind] as const,
  groups: (accountId: string) => ['accounts', accountId, 'groups'] as const,
  vrfs: (accountId: string) => ['accounts', accountId, 'vrfs'] as const,
  /** DNS sync: providers, a subnet's settings, a subnet's Compare with DNS (issue 32). */
  dnsProviders: (accountId: string) => ['accounts', accountId, 'dns', 'providers'] as const,
  dnsSubnet: (accountId: string, subnetId: string) =>
    ['accounts', accountId, 'dns', 'subnets', subnetId] as const,
  dnsCompare: (accountId: string, subnetId: string) =>
    ['accounts', accountId, 'dns', 'subnets', subnetId, 'compare'] as const,
  /** The whole subnet list (pages other than IPs still read it). */
  subnets: (accountId: string) => ['accounts', accountId, 'subnets'] as const,
  /**
   * Every read of subnets by level or by id (below): an object in the fourth place, where a subnet's
   * own queries (addresses, approvals) have its id, so this prefix names none of those.
   */
  subnetReads: (accountId: string) => ['accounts', accountId, 'subnets', {}] as const,
  /** One level of the tree: a container's subnets, or ('none') the top ones, of one VRF or ('') all. */
  subnetLevel: (accountId: string, parentId: string, vrfId = '') =>
    ['accounts', accountId, 'subnets', { parentId, vrfId }] as const,
  /** One subnet with its containers, outermost first (the chain of GET …/subnets/:id). */
  subnetPath: (accountId: string, subnetId: string) =>
    ['accounts', accountId, 'subnets', { pathTo: subnetId }] as const,
  /** The account's counts (subnets, groups) and its limit (GET …/stats). */
  stats: (accountId: string) => ['accounts', accountId, 'stats'] as const,
  /** Every page of one subnet's address list (a live event for the subnet refreshes them all). */
  addresses: (accountId: string, subnetId: string) =>
    ['accounts', accountId, 'subnets', subnetId, 'addresses'] as const,
  /** A subnet's scan history with its covering scanners (issue 33). */
  scans: (accountId: string, subnetId: string) =>
    ['accounts', accountId, 'subnets', subnetId, 'scans'] as const,
  approvals: (accountId: string, subnetId: string) =>
    ['accounts', accountId, 'subnets', subnetId, 'approvals'] as const,
  scanners: (accountId: string) => ['accounts', accountId, 'scanners'] as const,
  /** Billing products and prices (not account-scoped). */
  products: ['billing', 'products'] as const,
  checkoutSession: (accountId: string, sessionId: string) =>
    ['accounts', accountId, 'checkout-sessions', sessionId] as const,
  subscription: (accountId: string) => ['accounts', accountId, 'subscription'] as const,
  /** The account's network plans (summaries, PL-6). */
  plans: (accountId: string) => ['accounts', accountId, 'plans'] as const,
  /** One whole plan with its subnets (PL-8); its history lives under it. */
  plan: (accountId: string, planId: string) => ['accounts', accountId, 'plans', planId] as const,
  planHistory: (accountId: string, planId: string) =>
    ['accounts', accountId, 'plans', planId, 'history'] as const,
  /** The dashboard's figures (counts, address totals, fullest subnets, approvals, latest changes). */
  dashboard: (accountId: string) => ['accounts', accountId, 'dashboard'] as const,
  /** The account's discovery alerts (every page size and cursor; issue 33). */
  alerts: (accountId: string) => ['accounts', accountId, 'alerts'] as const,
  /** Pages of the audit log under one filter (subnet and/or person, '' for none). */
  audit: (accountId: string, filter: { subnetId: string; userId: string }) =>
    ['accounts', accountId, 'audit', filter] as const,
  /** Audit pages narrowed to one subnet ('' for the unnarrowed ones), whoever the person filter names. */
  auditOfSubnet: (accountId: string, subnetId: string) =>
    ['accounts', accountId, 'audit', { subnetId }] as const,
  /** Every search's results (an address or subnet change can alter any of them). */
  searches: (accountId: string) => ['accounts', accountId, 'search'] as const,
  /** A search across the account's subnets. */
  search: (accountId: string, q: string, vrfId = '') => ['accounts', accountId, 'search', q, vrfId] as const,
  /** The account's API tokens (Settings ▸ API Tokens). */
  tokens: (accountId: string) => ['accounts', accountId, 'tokens'] as const,
  /** The latest imports from phpIPAM or NetBox (Settings ▸ Import), without their reports. */
  sourceImports: (accountId: string) => ['accounts', accountId, 'imports'] as const,
  /** One import from phpIPAM or NetBox: its progress, then its report or its error. */
  sourceImport: (accountId: string, importId: string) =>
    ['accounts', accountId, 'imports', importId] as const,
  /** The account's webhooks (Settings ▸ Webhooks); each one's delivery log lives under it. */
  webhooks: (accountId: string) => ['accounts', accountId, 'webhooks'] as const,
  webhookDeliveries: (accountId: string, webhookId: string) =>
    ['accounts', accountId, 'webhooks', webhookId, 'deliveries'] as const,
};
