import { isIPv4 } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@ipam/core/messages';
import { parsePrefixRange } from '@ipam/core/subnet-size-rules';
import { tierDefaults, type PrefixRange } from '@ipam/core/tiers';
import { z } from 'zod';
import type { OutboxTiming } from '../outbox/outbox-worker.js';
import { ldapConfigOf, ldapEnvShape, type LdapConfig } from './ldap-env.js';
import { parseSsoEnv, type SsoConfig } from './sso-env.js';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const logFormats = ['pretty', 'json'] as const;

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * The data folder when IPAM_DATA_DIR is unset: `data` in the installation (beside `packages/`), the
 * same for every command wherever it is run from (src/config and dist/config are equally deep).
 */
export const defaultDataDir = fileURLToPath(new URL('../../../../data', import.meta.url));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const portMessage = 'must be a port number (1–65535)';

/** One folder per system user in the shared temp folder: two users' servers never share one. */
function defaultImportFolderName(): string {
  const uid = process.getuid?.();
  return uid === undefined ? 'ipam-imports' : `ipam-imports-${uid}`;
}

/** The environment variables the server reads; every one is optional and has a default. */
const envSchema = z.object({
  // 0 asks the system for any free port (the tests' built server does); the message names real ports.
  PORT: z.preprocess(
    (value) => (value === '' ? undefined : value), // an empty PORT= is no PORT, not port 0
    z.coerce
      .number({ error: portMessage })
      .int(portMessage)
      .min(0, portMessage)
      .max(65535, portMessage)
      .default(8080),
  ),
  HOST: z.string().min(1).default('127.0.0.1'),
  IPAM_DATA_DIR: z.string().min(1).optional(),
  IPAM_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: optionalUrl,
  SUPPORT_FORM_URL: optionalUrl,
  FEEDBACK_FORM_URL: optionalUrl,
  CONTACT_EMAIL: z.email().default('support@example.com'),
  SUPPORT_INBOX: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  LOG_FORMAT: z.enum(logFormats, { error: 'must be pretty or json' }).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  AUTH_RATE_LIMIT_PER_IP: positiveInt(30),
  AUTH_RATE_LIMIT_PER_EMAIL: positiveInt(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt(900),
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    )
    .refine(
      (names) => names.every((name) => /^[a-z0-9.-]+$/i.test(name)),
      'must be host names separated by commas',
    ),
  SQLITE_SYNCHRONOUS: z.enum(['full', 'normal'], { error: 'must be full or normal' }).default('full'),
  REQUEST_TIMEOUT_SECONDS: positiveInt(30),
  MAX_CONNECTIONS: positiveInt(2000),
  EVENT_STREAM_SHARE: z.coerce
    .number()
    .gt(0, 'must be a share between 0 and 1, such as 0.5')
    .lt(1, 'must be a share between 0 and 1, such as 0.5')
    .default(0.5),
  EVENT_STREAMS_PER_ADDRESS: positiveInt(100),
  IMPORT_TEMP_DIR: z.string().min(1).optional(),
  // The values are checked by shape only and never echoed (they are secrets).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BILLING: z.enum(['on', 'off', 'test'], { error: 'must be on, off or test' }).default('on'),
  SIGNUP: z.enum(['open', 'invite-only'], { error: 'must be open or invite-only' }).default('open'),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  WEBHOOK_ALLOW_HTTP: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  WEBHOOK_TIMEOUT_SECONDS: positiveInt(10),
  OUTBOX_POLL_MS: positiveInt(1000),
  OUTBOX_RETRY_BASE_MS: positiveInt(10_000),
  OUTBOX_RETRY_MAX_MS: positiveInt(60 * 60 * 1000),
  OUTBOX_GIVE_UP_SECONDS: positiveInt(24 * 60 * 60),
  OUTBOX_KEEP_DAYS: positiveInt(30),
  ALERT_CHECK_SECONDS: positiveInt(300),
  METRICS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  // A secret: checked by length only and never echoed.
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  IPAM_DEFAULT_TIER: z.coerce.number().int().min(0).max(4).default(0),
  IPAM_DEFAULT_MAXNETWORKS: z.coerce.number().int().positive().optional(),
  IPAM_DEFAULT_MAXUSERS: z.coerce.number().int().positive().optional(),
  IPAM_DEFAULT_IPV6_PREFIXES: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return undefined;
      const range = parsePrefixRange(text);
      if (range === null) context.addIssue({ code: 'custom', message: messages.prefixRangeInvalid });
      return range ?? undefined;
    }),
  ...ldapEnvShape,
});

/** Whether a URL's host is this machine (localhost, 127.0.0.0/8, ::1): a local try-out. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    (isIPv4(host) && host.startsWith('127.'))
  );
}

/** The refusal to start a public server whose checkout would upgrade anyone for free (issue 36). */
const publicTestProviderProblem =
  'BILLING: PUBLIC_URL is not a loopback address and no payment provider is chosen; the built-in test ' +
  'provider would let anyone upgrade for free. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (Stripe), ' +
  'BILLING=off (no online checkout; the operator sets plans) or BILLING=test (keep the test provider)';

/**
 * What online billing uses: Stripe's keys, or null for the built-in test provider; or off. The test
 * provider is the default only for a local try-out (no PUBLIC_URL, or a loopback one); a public
 * server names it with BILLING=test.
 */
export interface BillingConfig {
  /** BILLING=off: no checkout, the operator sets plans. */
  enabled: boolean;
  stripe: { secretKey: string; webhookSecret: string } | null;
}

/** The tier and limits of accounts created from now on (sign-up). */
export interface NewAccountDefaults {
  tier: number;
  maxnetworks: number;
  maxusers: number;
  /** IPAM_DEFAULT_IPV6_PREFIXES: the IPv6 prefix lengths new accounts may create; unset: the tier's. */
  ipv6Prefixes?: PrefixRange;
}

/** Server configuration, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * The key that encrypts stored second-factor secrets; null: a random key kept in `dataDir/secret.key`
   * (set it, the same on every process, when several processes share PostgreSQL).
   */
  secretKey: string | null;
  /** PostgreSQL connection string; null means SQLite in `dataDir`. */
  databaseUrl: string | null;
  smtpUrl: string | null;
  /** The public address users reach (e.g. https://ipam.example.com): Secure cookies, links in e-mails. */
  publicUrl: string | null;
  supportFormUrl: string | null;
  feedbackFormUrl: string | null;
  contactEmail: string;
  /** Where messages of the built-in support and feedback forms are mailed (with SMTP_URL); null: stored only. */
  supportInbox: string | null;
  logLevel: (typeof logLevels)[number];
  /** `pretty`: one readable line per entry; `json`: pino's JSON lines; null: pretty on a terminal. */
  logFormat: (typeof logFormats)[number] | null;
  /** Trust X-Forwarded-* headers (set when behind a reverse proxy) so the client IP is the real one. */
  trustProxy: boolean;
  /** Login and sign-up attempts allowed per client IP and per e-mail address within the window. */
  authRateLimit: { perIp: number; perEmail: number; windowMs: number };
  /** Host names the server answers to besides IP literals, localhost, PUBLIC_URL's and HOST's (DNS rebinding). */
  allowedHosts: string[];
  /** SQLite's `synchronous` in WAL mode: `full` survives a power cut, `normal` may lose the last commits. */
  sqliteSynchronous: 'full' | 'normal';
  /** Longest a client may take to send a whole request (headers and body), in milliseconds. */
  requestTimeoutMs: number;
  /** Open connections the server accepts at once; more are refused until some close. */
  maxConnections: number;
  /**
   * Event streams this process holds at once: a share of maxConnections, so ordinary requests always
   * have the rest; past it a new stream replaces the oldest idle one of the largest holder.
   */
  maxEventStreams: number;
  /** Event streams one client address (an IPv6 /64) may hold at once in this process. */
  eventStreamsPerAddress: number;
  /** Where imports stage their uploaded .xlsx files, one folder each (removed after the import). */
  importTempDir: string;
  billing: BillingConfig;
  /**
   * SIGNUP: open (anyone, the spec's sign-up) or invite-only (only through an invitation link, so a
   * company's server makes no accounts for strangers and sign-up tells nobody which e-mails exist).
   */
  signUp: 'open' | 'invite-only';
  newAccount: NewAccountDefaults;
  webhooks: WebhookConfig;
  outbox: OutboxTiming;
  /** Sign-in with a directory user name and password (LDAP_URL and friends); null: not offered. */
  ldap: LdapConfig | null;
  /** Single sign-on: the operator's OpenID Connect provider (OIDC_*) and accounts' own providers. */
  sso: SsoConfig;
  /** How often each process looks for addresses gone stale and for alert digests due (issue 33), in ms. */
  alertCheckMs: number;
  metrics: MetricsConfig;
}

/** GET /api/metrics (issue 35): off by default; when on, Prometheus text of this process's figures. */
export interface MetricsConfig {
  isEnabled: boolean;
  /** The bearer token a scrape must send (METRICS_TOKEN); null: anyone who reaches the server may read. */
  token: string | null;
}

/** What webhooks may reach (issue 32). */
export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE: also loopback, private and link-local addresses (tests, closed networks). */
  allowPrivate: boolean;
  /** WEBHOOK_ALLOW_HTTP: also http:// URLs (https only otherwise). */
  allowHttp: boolean;
}

/** A configuration error naming every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment (process.env by default); throws ConfigError listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const sso = parseSsoEnv(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      // The value is not echoed: DATABASE_URL and SMTP_URL may carry passwords.
      return `${issue.path.join('.')}: ${issue.message}`;
    });
    throw new ConfigError([...problems, ...sso.problems]);
  }
  const e = parsed.data;
  const problems: string[] = [...sso.problems];
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    problems.push('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both or neither');
  }
  const hasStripe = e.STRIPE_SECRET_KEY !== undefined || e.STRIPE_WEBHOOK_SECRET !== undefined;
  if (e.BILLING === 'test' && hasStripe) {
    problems.push('BILLING: test chooses the built-in test provider; unset the Stripe keys or BILLING');
  }
  if (e.BILLING === 'on' && !hasStripe && e.PUBLIC_URL && !isLoopbackUrl(e.PUBLIC_URL)) {
    problems.push(publicTestProviderProblem);
  }
  const tier = tierDefaults(e.IPAM_DEFAULT_TIER);
  const maxnetworks = e.IPAM_DEFAULT_MAXNETWORKS ?? tier?.maxnetworks;
  const maxusers = e.IPAM_DEFAULT_MAXUSERS ?? tier?.maxusers;
  if (maxnetworks == null || maxusers == null) {
    problems.push(
      'IPAM_DEFAULT_TIER: tier 4 (Custom) needs IPAM_DEFAULT_MAXNETWORKS and IPAM_DEFAULT_MAXUSERS',
    );
  }
  if (e.METRICS_TOKEN !== undefined && e.METRICS !== 'on') {
    problems.push('METRICS_TOKEN: set METRICS=on too (the metrics are off, so the token guards nothing)');
  }
  const ldap = ldapConfigOf(e, problems);
  if (problems.length > 0 || maxnetworks == null || maxusers == null || sso.config === null) {
    throw new ConfigError(problems);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.IPAM_DATA_DIR ?? defaultDataDir),
    secretKey: e.IPAM_SECRET_KEY ?? null,
    databaseUrl: e.DATABASE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    supportFormUrl: e.SUPPORT_FORM_URL ?? null,
    feedbackFormUrl: e.FEEDBACK_FORM_URL ?? null,
    contactEmail: e.CONTACT_EMAIL,
    supportInbox: e.SUPPORT_INBOX ?? null,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? null,
    trustProxy: e.TRUST_PROXY === 'true',
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    allowedHosts: e.ALLOWED_HOSTS,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    maxConnections: e.MAX_CONNECTIONS,
    maxEventStreams: Math.max(1, Math.floor(e.MAX_CONNECTIONS * e.EVENT_STREAM_SHARE)),
    eventStreamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
    importTempDir: resolve(e.IMPORT_TEMP_DIR ?? join(tmpdir(), defaultImportFolderName())),
    signUp: e.SIGNUP,
    billing: {
      enabled: e.BILLING !== 'off',
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
          : null,
    },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
      allowHttp: e.WEBHOOK_ALLOW_HTTP === 'true',
    },
    outbox: {
      pollMs: e.OUTBOX_POLL_MS,
      attemptTimeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: Math.max(e.OUTBOX_RETRY_MAX_MS, e.OUTBOX_RETRY_BASE_MS),
      giveUpAfterMs: e.OUTBOX_GIVE_UP_SECONDS * 1000,
      keepFinishedMs: e.OUTBOX_KEEP_DAYS * 24 * 60 * 60 * 1000,
    },
    sso: sso.config,
    alertCheckMs: e.ALERT_CHECK_SECONDS * 1000,
    metrics: { isEnabled: e.METRICS === 'on', token: e.METRICS_TOKEN ?? null },
    newAccount: {
      tier: e.IPAM_DEFAULT_TIER,
      maxnetworks,
      maxusers,
      ...(e.IPAM_DEFAULT_IPV6_PREFIXES ? { ipv6Prefixes: e.IPAM_DEFAULT_IPV6_PREFIXES } : {}),
    },
    ldap,
  };
}
