import type { Generated, GeneratedAlways } from 'kysely';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
/**
 * The database as Kysely sees it. Column names are snake_case; timestamps are ISO 8601 UTC text
 * (`new Date().toISOString()`) on both engines, so they compare and sort the same everywhere.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  display_name: string | null;
  last_login: string | null;
  created_at: string;
  /** The account the user last chose as current (kept across logins). */
  current_account_id: string | null;
}

export interface AccountsTable {
  id: string;
  /** The owner's user id. */
  uid: string;
  reference: string;
  tier: number;
  maxusers: number;
  maxnetworks: number;
  sub_id: string | null;
  sub_status: string | null;
  sub_start: string | null;
  sub_end: string | null;
  created_at: string;
  /** The payment provider's customer (Stripe `cus_…`), set by a completed checkout. */
  billing_customer_id: string | null;
  /** The IPv6 prefix lengths the operator allows this account; both null: the tier's default. */
  ipv6_prefix_min: number | null;
  ipv6_prefix_max: number | null;
  /** How many subnets it holds: kept by the one insert and the one delete of a subnet (issue 30). */
  subnet_count: Generated<number>;
  /** 1: every member needs a second factor before reaching the account (issue 34). */
  require_second_factor: Generated<number>;
  /** 0: the account's members (not its owners) may not sign in with a password (issue 34, single sign-on). */
  allow_password_sign_in: Generated<number>;
}

export interface UsersAccountsTable {
  user_id: string;
  account_id: string;
  created_at: string;
  /** owner | admin | editor | viewer (issue 34). */
  role: Generated<string>;
}

/** The groups an editor is limited to (no row: every group). */
export interface MemberGroupLimitsTable {
  account_id: string;
  user_id: string;
  group_id: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the session token; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** The browser's User-Agent at login (shown in the user's session list). */
  user_agent: string | null;
  /** The client address at sign-in (as Fastify's `request.ip` saw it). */
  ip_address: string | null;
  /** The last request made with the session, written at most once a minute; null before any. */
  last_seen_at: string | null;
}

/** A user's TOTP factor; unconfirmed (`confirmed_at` null) while being set up. */
export interface UserTotpTable {
  user_id: string;
  /** The base32 secret, encrypted with the server's key (auth/secret-box.ts). */
  secret_sealed: string;
  confirmed_at: string | null;
  /** The RFC 6238 time step of the last code accepted: no code of that step or earlier works again. */
  last_time_step: number | null;
  created_at: string;
}

/** A provider's subject linked to a local user (single sign-on); one per user and provider. */
export interface ExternalIdentitiesTable {
  /** Which provider vouches: `oidc:operator`, `oidc:account:<accountId>`, `ldap:operator`, … */
  provider_key: string;
  /** The provider's stable id of the person (OpenID Connect `sub`, an LDAP entry's DN or uid). */
  subject: string;
  user_id: string;
  created_at: string;
  last_sign_in_at: string | null;
}

/** An account's own OpenID Connect provider, set by its owner; the client secret encrypted. */
export interface SsoProvidersTable {
  id: string;
  account_id: string;
  /** The name in `/login?sso=<slug>` that shows the provider's button; unique on the server. */
  slug: string;
  display_name: string;
  issuer_url: string;
  client_id: string;
  client_secret_sealed: string;
  groups_claim: string;
  /** `[{group, role}, …]` as JSON. */
  role_rules_json: string;
  /** The role when no rule matches; null: no access. */
  default_role: string | null;
  created_at: string;
  updated_at: string;
}

/** One recovery code of a user: its SHA-256 only; used once, then `used_at` is set. */
export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: string | null;
}

/** A sign-in whose password was right, waiting for its second factor; the id is the token's SHA-256. */
export interface PendingLoginsTable {
  id: string;
  user_id: string;
  failures: Generated<number>;
  created_at: string;
  expires_at: string;
}

/** A user's passkey (WebAuthn credential): the public key, the signature counter, the name they gave it. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** The credential id the authenticator made (base64url); unique across users. */
  credential_id: string;
  /** The COSE public key (base64url). */
  public_key: string;
  /** The last signature counter seen (PostgreSQL: bigint, read as text); a lower one is a cloned key. */
  counter: number | string;
  /** JSON list of how the browser reaches it (usb, nfc, internal, hybrid…). */
  transports: Generated<string>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A challenge handed to a browser: single use, short-lived; the id is its SHA-256. */
export interface WebauthnChallengesTable {
  id: string;
  /** `register` (adding a passkey), `second_factor` (after a password) or `sign_in` (passwordless). */
  purpose: string;
  /** The user it was made for; null for a passwordless sign-in (the passkey names the user). */
  user_id: string | null;
  created_at: string;
  expires_at: string;
}

/** A password-reset link: single use, valid for an hour. */
export interface PasswordResetsTable {
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface PendingInvitesTable {
  id: string;
  account_id: string;
  email: string;
  invited_at: string;
  invited_by: string | null;
  /** SHA-256 (hex) of the invite link's token; null when no link was issued. */
  token_hash: string | null;
  /** The role the invited user gets (issue 34). */
  role: Generated<string>;
}

export interface SupportMessagesTable {
  id: string;
  user_id: string;
  account_id: string | null;
  kind: string;
  subject: string | null;
  message: string;
  received_at: string;
}

export interface AuditLogTable {
  id: string;
  account_id: string | null;
  user_id: string | null;
  at: string;
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  /** The subnet a change belongs to (subnets, addresses, approvals), so its history pages by index. */
  subnet_id: string | null;
  /** Who made a change that no user made, e.g. "scanner HQ" (user_id is null then). */
  actor: string | null;
}

export interface GroupsTable {
  id: string;
  account_id: string;
  /** Null at the top level. */
  parent_id: string | null;
  name: string;
  description: string;
  created_at: string;
  updated_date: string;
  updated_by: string | null;
}

export interface SubnetsTable {
  id: string;
  account_id: string;
  group_id: string;
  name: string;
  vlan_id: number;
  description: string;
  version: number;
  /** Canonical network address (host bits clear; RFC 5952 for IPv6). */
  network_ip: string;
  prefix_length: number;
  /** Fixed-width hex of the first and last address of the prefix (overlap checks by index). */
  first_key: string;
  last_key: string;
  scanning_type: string;
  scan_frequency: number | null;
  last_scanned: string | null;
  /** 0 or 1. */
  scan_now: number;
  /** While a scanner holds the subnet as a job: until when (ISO time); null when no job is out. */
  scan_lease_until: string | null;
  created_at: string;
  updated_date: string;
  updated_by: string | null;
  /** The VRF it belongs to (issue 30); every account has a default one, "Global". */
  vrf_id: string;
  /** 'leaf' (holds addresses) or 'container' (holds subnets). */
  kind: string;
  /** Derived: the smallest container of the same VRF and version holding it; null at the top. */
  parent_id: string | null;
  /** Days after which an address no scanner has seen is shown as stale; null: not marked (issue 33). */
  stale_after_days: number | null;
  /** core's nameSortKey(name): sorts in byte order ("C" collation on PostgreSQL) as compareNames does. */
  name_key: string;
  /** The description lower-cased (Unicode), for search. */
  description_folded: string;
}

/** A VRF (routing domain) of an account; `is_default` (0 or 1) marks its "Global" VRF. */
/** A DNS server the account's subnets send records to (issue 32). `secret` is never answered by the API. */
export interface DnsProvidersTable {
  id: string;
  account_id: string;
  name: string;
  /** powerdns | rfc2136 */
  kind: string;
  /** The PowerDNS API's base URL, or an RFC 2136 server's host:port. */
  endpoint: string;
  tsig_key_name: string | null;
  tsig_algorithm: string | null;
  /** The PowerDNS API key or the base64 TSIG secret. */
  secret: string;
  created_at: string;
  updated_date: string;
}

/** The DNS settings of one subnet or one group (exactly one of the two ids is set). */
export interface DnsSettingsTable {
  id: string;
  account_id: string;
  subnet_id: string | null;
  group_id: string | null;
  provider_id: string;
  forward_zone: string;
  /** Null: derived from the subnet's prefix. */
  reverse_zone: string | null;
  updated_date: string;
}

export interface VrfsTable {
  id: string;
  account_id: string;
  name: string;
  rd: string | null;
  description: string;
  is_default: number;
  created_at: string;
  updated_date: string;
  updated_by: string | null;
}

/** Only addresses ever written are stored; every other listed address is a virtual Available row. */
export interface IpAddressesTable {
  id: string;
  account_id: string;
  subnet_id: string;
  ip_address: string;
  /** Fixed-width lowercase hex (8 chars IPv4, 32 IPv6): text order is numeric order. */
  sort_key: string;
  /** Written only through core's address statuses. */
  status: AddressStatus;
  hostname: string;
  description: string;
  /** hostname and description lower-cased (Unicode) for the search. */
  hostname_folded: string;
  description_folded: string;
  /** 0 or 1. */
  allow_scanner_update: number;
  updated_date: string | null;
  updated_by: string | null;
  /** Canonical MAC (aa:bb:cc:dd:ee:ff) a scanner or a person recorded, else null. */
  mac: string | null;
  /** When a scanner first and last found the address alive, and the name of the last one. */
  first_seen: string | null;
  last_seen: string | null;
  last_seen_by: string | null;
  /** The MAC the address answered with before a scan saw another one, and when; null once a person edits it. */
  previous_mac: string | null;
  mac_changed_at: string | null;
  /** The last-seen time a went-stale alert was written for (issue 33); another sighting re-arms the alert. */
  stale_alerted_for: string | null;
  /**
   * The address's list item as the API answers it (core's addressResponse), JSON text written with the
   * columns above by the address write repository, from the response serialiser: pages read it as is.
   */
  item_json: string;
}

/** One scan of a subnet by a scanner, written when its results are applied (one row per job). */
export interface ScanRunsTable {
  id: string;
  account_id: string;
  subnet_id: string;
  /** null once the scanner is deleted; the name stays. */
  scanner_id: string | null;
  scanner_name: string;
  scanning_type: string;
  /** The probe methods that found hosts, comma separated. */
  methods: string;
  started_at: string;
  finished_at: string;
  hosts: number;
  alive: number;
  applied: number;
  approvals: number;
  /** 0 while later batches of the job may still come. */
  is_done: number;
}

/** Written addresses of a subnet per status (maintained by address writes; no row = none written). */
/**
 * A leaf's written addresses per status (every leaf has its row from its creation), with what the
 * dashboard ranks it by: its subnet's account, version, prefix length and name key, and its share of
 * usable addresses In Use or Reserved (generated by the database).
 */
export interface IpAddressCountsTable {
  subnet_id: string;
  in_use: number;
  reserved: number;
  available: number;
  account_id: string;
  version: number;
  prefix_length: number;
  name_key: string;
  share: GeneratedAlways<number>;
  /** Approval entries waiting in the leaf (kept as entries are added and removed). */
  pending: Generated<number>;
}

/** Per account, version and prefix length: its leaves, and their written addresses In Use and Reserved. */
export interface LeafUseTotalsTable {
  account_id: string;
  version: number;
  prefix_length: number;
  subnets: number;
  in_use: number;
  reserved: number;
}

export interface ApprovalsTable {
  id: string;
  account_id: string;
  subnet_id: string;
  ip_address: string;
  sort_key: string;
  status: AddressStatus;
  hostname: string;
  description: string;
  created_at: string;
  /** What the scan saw (null on entries made before issue 33). */
  seen_alive: number | null;
  seen_hostname: string | null;
  seen_mac: string | null;
  seen_at: string | null;
  scanner_name: string | null;
  /** The hostname and MAC Confirm writes; null: Confirm leaves that field as it is. */
  hostname_after: string | null;
  mac_after: string | null;
}

/** An ignored observation of an address: its approval does not come back while the scanner sees the same. */
export interface ApprovalIgnoresTable {
  account_id: string;
  subnet_id: string;
  sort_key: string;
  ip_address: string;
  /** What the scanner saw, as `observationOf` writes it. */
  observation: string;
  ignored_at: string;
}

/** A registered scanner; its key is stored only as a SHA-256 hash. */
export interface ScannersTable {
  id: string;
  account_id: string;
  name: string;
  description: string;
  key_hash: string;
  key_prefix: string;
  /** 0 or 1. */
  block_scanning: number;
  poll_interval_seconds: number;
  last_seen_at: string | null;
  agent_version: string | null;
  created_at: string;
  updated_date: string;
  updated_by: string | null;
  /** The user who made the current key: removing them from the account ends it (null: not known). */
  key_made_by: string | null;
}

/** The subnets a scanner scans, in the order given; no foreign key, so deleted ones stay as "(Removed)". */
export interface ScannerSubnetsTable {
  scanner_id: string;
  subnet_id: string;
  position: number;
}

/** A router or switch whose neighbour table a scanner reads; its credentials are sealed (secret box). */
export interface ScannerSnmpTargetsTable {
  id: string;
  scanner_id: string;
  position: number;
  host: string;
  port: number;
  /** '2c' or '3'. */
  version: string;
  user_name: string | null;
  auth_protocol: string | null;
  priv_protocol: string | null;
  timeout_ms: number;
  retries: number;
  /** Sealed JSON: {community} for v2c, {authPassword, privPassword} for v3. */
  secrets_sealed: string;
}

/** A saved calculator result (type 'ipv4' or 'ipv6'); the result is computed by the server. */
export interface CalculationsTable {
  id: string;
  account_id: string;
  /** The account's save counter: newest first is `seq` descending. */
  seq: number;
  type: string;
  /** The address as typed (trimmed). */
  ip_address: string;
  /** IPv4: the mask as typed (`/24`, `24` or dotted); null for IPv6. */
  subnet_mask: string | null;
  /** IPv6: the prefix length as typed (`/64` or `64`); null for IPv4. */
  prefix_length: string | null;
  /** The prefix length as a number (IPv4 cidr, IPv6 prefixLengthNumber). */
  cidr: number;
  /** The calculator's result as JSON. */
  result_json: string;
  created_at: string;
  created_by: string | null;
}

/** A rate counter in a fixed window (login attempts on PostgreSQL, invite mails): shared by every server process. */
export interface RateCountersTable {
  /** What is counted: `client:<ip>`, `pair:<ip> <email>` or `email:<email>`. */
  key: string;
  count: number;
  /** ISO time the counter's window ends; a later attempt starts a new window at 1. */
  window_ends_at: string;
}

export interface Database {
  users: UsersTable;
  accounts: AccountsTable;
  users_accounts: UsersAccountsTable;
  user_totp: UserTotpTable;
  external_identities: ExternalIdentitiesTable;
  sso_providers: SsoProvidersTable;
  recovery_codes: RecoveryCodesTable;
  pending_logins: PendingLoginsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  member_group_limits: MemberGroupLimitsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  pending_invites: PendingInvitesTable;
  support_messages: SupportMessagesTable;
  audit_log: AuditLogTable;
  groups: GroupsTable;
  subnets: SubnetsTable;
  vrfs: VrfsTable;
  dns_providers: DnsProvidersTable;
  dns_settings: DnsSettingsTable;
  ip_addresses: IpAddressesTable;
  scan_runs: ScanRunsTable;
  ip_address_counts: IpAddressCountsTable;
  leaf_use_totals: LeafUseTotalsTable;
  approvals: ApprovalsTable;
  approval_ignores: ApprovalIgnoresTable;
  calculations: CalculationsTable;
  scanners: ScannersTable;
  scanner_subnets: ScannerSubnetsTable;
  scanner_snmp_targets: ScannerSnmpTargetsTable;
  rate_counters: RateCountersTable;
  products: ProductsTable;
  prices: PricesTable;
  checkout_sessions: CheckoutSessionsTable;
  billing_events: BillingEventsTable;
  network_plans: NetworkPlansTable;
  plan_subnets: PlanSubnetsTable;
  plan_changes: PlanChangesTable;
  api_tokens: ApiTokensTable;
  source_imports: SourceImportsTable;
  server_settings: ServerSettingsTable;
  outbox: OutboxTable;
  outbox_attempts: OutboxAttemptsTable;
  webhooks: WebhooksTable;
  idempotency_keys: IdempotencyKeysTable;
  alerts: AlertsTable;
  alert_digests: AlertDigestsTable;
}

/** A discovery alert of an account (issue 33): kind new_host | mac_changed | went_stale. */
export interface AlertsTable {
  id: string;
  account_id: string;
  subnet_id: string;
  ip_address: string;
  kind: string;
  /** What the alert says beyond the address (MACs, scanner, last seen), JSON. */
  details_json: string;
  created_at: string;
}

/** A user who asked for the daily e-mail of alerts, and up to when their alerts have been mailed. */
export interface AlertDigestsTable {
  user_id: string;
  covered_until: string;
  created_at: string;
}

/** A paid product (BL-1); `benefits_json` is a JSON list of strings, `active` 0 or 1. */
export interface ProductsTable {
  id: string;
  name: string;
  description: string;
  benefits_json: string;
  active: number;
  tier: number;
  sort_order: number;
}

/** A product's price in integer cents per interval; `provider_price_id` maps it to Stripe (BL-1, BL-5). */
export interface PricesTable {
  id: string;
  product_id: string;
  interval: string;
  unit_amount: number;
  currency: string;
  active: number;
  provider_price_id: string | null;
}

/** A checkout started by an account's owner (BL-11). */
export interface CheckoutSessionsTable {
  id: string;
  account_id: string;
  user_id: string | null;
  price_id: string;
  /** open, complete, canceled or expired. */
  status: string;
  /** stripe or test. */
  provider: string;
  provider_session_id: string | null;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

/** A provider event already processed, by its id: each is applied once (BL-10, BL-30). */
export interface BillingEventsTable {
  id: string;
  type: string;
  account_id: string | null;
  /** applied or ignored. */
  outcome: string;
  received_at: string;
}

/** A network plan (PL-1). */
export interface NetworkPlansTable {
  id: string;
  account_id: string;
  name: string;
  description: string;
  /** The tags as a JSON list of strings. */
  tags_json: string;
  /** The settings as JSON (autoCalculateDetails, validateOverlaps, showUtilization, defaultIPVersion). */
  settings_json: string;
  is_template: number;
  /** 1 at creation, +1 on every write (PL-19). */
  version: number;
  /** The last stored validation (PL-16, PL-19) as JSON, or null. */
  plan_validation_json: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
}

/** A planned subnet (PL-2); derived fields are computed on read. */
export interface PlanSubnetsTable {
  id: string;
  plan_id: string;
  parent_id: string | null;
  name: string;
  description: string;
  /** 4 or 6. */
  ip_version: number;
  /** Canonical text: dotted IPv4, RFC 5952 IPv6. */
  network_address: string;
  /** Fixed-width hex of the network address: text order is numeric order. */
  network_key: string;
  cidr: number;
  vlan_id: number | null;
  vlan_name: string | null;
  vlan_description: string | null;
  /** The reserved addresses as a JSON list of {address, type}. */
  reserved_json: string;
  current_hosts: number;
  planned_growth: number;
  notes: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** One entry of a plan's change history (PL-3, PL-75); `seq` orders a plan's entries. */
export interface PlanChangesTable {
  id: string;
  plan_id: string;
  seq: number;
  timestamp: string;
  user_id: string | null;
  action: string;
  description: string;
  old_value_json: string | null;
  new_value_json: string | null;
  /** The affected subnet ids as a JSON list. */
  affected_json: string;
}

/** An API token of one account (only the SHA-256 of its secret is kept); `scope` is 'read' or 'write'. */
export interface ApiTokensTable {
  id: string;
  account_id: string;
  user_id: string;
  name: string;
  prefix: string;
  token_hash: string;
  scope: 'read' | 'write';
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** An import from phpIPAM or NetBox run from the web: progress, then its report (JSON) or error. */
export interface SourceImportsTable {
  id: string;
  account_id: string;
  user_id: string | null;
  source: string;
  dry_run: number;
  status: string;
  phase: string;
  done: number;
  total: number | null;
  error: string | null;
  report_json: string | null;
  started_at: string;
  updated_at: string;
}

/** A fact the running server records for the operator's commands, by key (`served_at`: its address). */
export interface ServerSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/**
 * One item to send to another system after a change (issue 32): written in the change's transaction,
 * sent in `seq` order per (kind, target_id) by a worker holding its lease. `state`: pending, delivered
 * or failed (given up); `payload` is the handler's JSON.
 */
export interface OutboxTable {
  seq: Generated<number | string>;
  id: string;
  account_id: string;
  kind: string;
  target_id: string;
  label: string;
  payload: string;
  state: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  finished_at: string | null;
  last_error: string | null;
}

/** One attempt at sending an outbox item: when, the answer's status and first 1 KB, or the error. */
export interface OutboxAttemptsTable {
  id: string;
  item_id: string;
  kind: string;
  target_id: string;
  attempt: number;
  at: string;
  status: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

/** An account's webhook: where to POST which events, signed with `secret`; `active` 0 or 1. */
export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  events_json: string;
  active: number;
  secret: string;
  created_at: string;
  updated_at: string;
  /** When its deliveries started failing (cleared by a success); 24 h of failures disable it. */
  failing_since: string | null;
  /** When the outbox disabled it for failing 24 hours (cleared when an owner turns it on again). */
  disabled_at: string | null;
}

/** An Idempotency-Key of a caller in an account: claimed while its write runs, then its answer (24 h). */
export interface IdempotencyKeysTable {
  account_id: string;
  /** The user who sent it (an API token counts as its maker). */
  caller_id: string;
  key: string;
  /** SHA-256 of the request (method, route, parameters, query, body): another request with the key is refused. */
  request_hash: string;
  /** The answer's status; null while the first request still runs. */
  status_code: number | null;
  /** The answer's body as sent (JSON text); null while the first request still runs. */
  response_body: string | null;
  created_at: string;
  /** The claiming request's random token: only it may confirm, answer or give up the claim. */
  claim_token: string | null;
  /** Until when the claim is its request's: renewed while it runs; past it, an unwritten claim is free. */
  lease_until: string | null;
  /** When the request's write committed (set in the write's transaction); null: nothing written yet. */
  committed_at: string | null;
}
