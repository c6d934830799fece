import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './env.js';

describe('parseConfig', () => {
  it('has defaults for every variable', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      smtpUrl: null,
      publicUrl: null,
      contactEmail: 'support@example.com',
      logLevel: 'info',
      logFormat: null,
    });
    expect(config.dataDir).toMatch(/[/\\]data$/);
  });

  it('reads the variables it is given', () => {
    const config = parseConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/ipam',
      PUBLIC_URL: 'https://ipam.example.com/',
      SMTP_URL: 'smtp://mail:25',
      BILLING: 'off',
      LOG_FORMAT: 'json',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/ipam',
      publicUrl: 'https://ipam.example.com',
      smtpUrl: 'smtp://mail:25',
      logFormat: 'json',
    });
  });

  it('reads the hardening settings (issue 19): hosts, SQLite durability, request timeout, connections', () => {
    expect(parseConfig({})).toMatchObject({
      allowedHosts: [],
      sqliteSynchronous: 'full',
      requestTimeoutMs: 30_000,
      maxConnections: 2000,
    });
    const config = parseConfig({
      ALLOWED_HOSTS: ' ipam.corp.example, ipam ,',
      SQLITE_SYNCHRONOUS: 'normal',
      REQUEST_TIMEOUT_SECONDS: '5',
      MAX_CONNECTIONS: '100',
    });
    expect(config).toMatchObject({
      allowedHosts: ['ipam.corp.example', 'ipam'],
      sqliteSynchronous: 'normal',
      requestTimeoutMs: 5000,
      maxConnections: 100,
    });
    expect(() => parseConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      /SQLITE_SYNCHRONOUS: must be full or normal/,
    );
    expect(() => parseConfig({ ALLOWED_HOSTS: 'evil.example/path' })).toThrow(/ALLOWED_HOSTS/);
  });

  it('names every bad variable at once, without echoing values', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://root:hunter2@x/db', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: must be a port number \(1–65535\)$/m);
    expect(problems).toMatch(/^DATABASE_URL: /m);
    expect(problems).toMatch(/^LOG_LEVEL: /m);
    expect(problems).not.toContain('hunter2');
  });

  it('says PORT must be a port number, for text, fractions and numbers out of range (issue 29)', () => {
    for (const port of ['abc', '80.5', '65536', '-1', ' x ']) {
      expect(() => parseConfig({ PORT: port }), port).toThrow(/PORT: must be a port number \(1–65535\)/);
    }
    expect(parseConfig({ PORT: '9000' }).port).toBe(9000);
    expect(parseConfig({ PORT: '0' }).port).toBe(0);
    expect(parseConfig({ PORT: '' }).port).toBe(8080);
  });

  it('accepts LOG_FORMAT pretty or json only, and says so', () => {
    expect(parseConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => parseConfig({ LOG_FORMAT: 'text' })).toThrow('LOG_FORMAT: must be pretty or json');
  });

  it('BL-36: reads the Stripe keys, refuses a malformed or lone one naming it, never echoing the value', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_def456' };
    expect(parseConfig(keys).billing).toEqual({
      enabled: true,
      stripe: { secretKey: 'sk_test_abc123', webhookSecret: 'whsec_def456' },
    });
    expect(parseConfig({}).billing).toEqual({ enabled: true, stripe: null });
    let error: unknown;
    try {
      parseConfig({ STRIPE_SECRET_KEY: 'pk_live_secretvalue9', STRIPE_WEBHOOK_SECRET: 'whsec_ok1' });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^STRIPE_SECRET_KEY: /m);
    expect(problems).not.toContain('secretvalue9');
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both or neither',
    );
  });

  it('refuses the free test provider on a public PUBLIC_URL unless Stripe or BILLING=off|test is chosen (issue 36)', () => {
    const publicUrl = { PUBLIC_URL: 'https://ipam.example.com' };
    let error: unknown;
    try {
      parseConfig(publicUrl);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problem = (error as ConfigError).problems.join('\n');
    for (const choice of ['STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', 'BILLING=off', 'BILLING=test']) {
      expect(problem).toContain(choice);
    }
    for (const PUBLIC_URL of ['https://10.0.0.5', 'http://[2001:db8::1]:8080', 'http://127.example.com']) {
      expect(() => parseConfig({ PUBLIC_URL })).toThrow(/BILLING: PUBLIC_URL is not a loopback address/);
    }
    expect(parseConfig({ ...publicUrl, BILLING: 'off' }).billing).toEqual({ enabled: false, stripe: null });
    expect(parseConfig({ ...publicUrl, BILLING: 'test' }).billing).toEqual({ enabled: true, stripe: null });
    const keys = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_def456' };
    expect(parseConfig({ ...publicUrl, ...keys }).billing.stripe).not.toBeNull();
    expect(() => parseConfig({ ...publicUrl, ...keys, BILLING: 'test' })).toThrow(/BILLING: test chooses/);
    // A local try-out keeps the test provider without asking.
    for (const PUBLIC_URL of [
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://ipam.localhost',
    ]) {
      expect(parseConfig({ PUBLIC_URL }).billing).toEqual({ enabled: true, stripe: null });
    }
    expect(parseConfig({}).billing).toEqual({ enabled: true, stripe: null });
  });

  it('reads the webhook policy and the outbox timing, closed and slow-to-give-up by default', () => {
    const defaults = parseConfig({});
    expect(defaults.webhooks).toEqual({ allowPrivate: false, allowHttp: false });
    expect(defaults.outbox).toEqual({
      pollMs: 1000,
      attemptTimeoutMs: 10_000,
      retryBaseMs: 10_000,
      retryMaxMs: 3_600_000,
      giveUpAfterMs: 86_400_000,
      keepFinishedMs: 30 * 86_400_000,
    });
    const set = parseConfig({
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      OUTBOX_RETRY_BASE_MS: '50',
      OUTBOX_RETRY_MAX_MS: '10',
    });
    expect(set.webhooks).toEqual({ allowPrivate: true, allowHttp: true });
    // A cap below the base is raised to it.
    expect(set.outbox).toMatchObject({ retryBaseMs: 50, retryMaxMs: 50 });
    expect(() => parseConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      'WEBHOOK_ALLOW_PRIVATE: must be true or false',
    );
  });

  it('reads BILLING and the defaults of new accounts (IPAM_DEFAULT_TIER and its limits)', () => {
    expect(parseConfig({ BILLING: 'off' }).billing.enabled).toBe(false);
    expect(() => parseConfig({ BILLING: 'maybe' })).toThrow('BILLING: must be on, off or test');
    expect(parseConfig({}).newAccount).toEqual({ tier: 0, maxnetworks: 2, maxusers: 2 });
    expect(parseConfig({ IPAM_DEFAULT_TIER: '2' }).newAccount).toEqual({
      tier: 2,
      maxnetworks: 50,
      maxusers: 20,
    });
    expect(parseConfig({ IPAM_DEFAULT_TIER: '1', IPAM_DEFAULT_MAXNETWORKS: '40' }).newAccount).toEqual({
      tier: 1,
      maxnetworks: 40,
      maxusers: 5,
    });
    expect(() => parseConfig({ IPAM_DEFAULT_TIER: '4' })).toThrow(/IPAM_DEFAULT_TIER: tier 4/);
    expect(() => parseConfig({ IPAM_DEFAULT_TIER: '9' })).toThrow(/IPAM_DEFAULT_TIER/);
  });

  it('reads IPAM_DEFAULT_IPV6_PREFIXES (issue 30) and refuses a malformed one at start', () => {
    expect(parseConfig({ IPAM_DEFAULT_IPV6_PREFIXES: '32-128' }).newAccount.ipv6Prefixes).toEqual({
      min: 32,
      max: 128,
    });
    expect(parseConfig({ IPAM_DEFAULT_IPV6_PREFIXES: ' 48 - 124 ' }).newAccount.ipv6Prefixes).toEqual({
      min: 48,
      max: 124,
    });
    expect(parseConfig({ IPAM_DEFAULT_IPV6_PREFIXES: '' }).newAccount.ipv6Prefixes).toBeUndefined();
    for (const bad of ['64', '128-32', '0-129', '32-', 'all']) {
      expect(() => parseConfig({ IPAM_DEFAULT_IPV6_PREFIXES: bad }), bad).toThrow(
        'IPAM_DEFAULT_IPV6_PREFIXES: must be two prefix lengths from 0 to 128 joined by a dash, the shorter first, such as 32-128',
      );
    }
  });

  it('reads where imports stage their uploads (issue 36): the system temp folder by default', () => {
    expect(parseConfig({}).importTempDir).toBe(join(tmpdir(), `ipam-imports-${process.getuid?.()}`));
    expect(parseConfig({ IMPORT_TEMP_DIR: '/var/tmp/ipam' }).importTempDir).toBe('/var/tmp/ipam');
  });

  it('reads the event streams’ share of the connections and their cap per address (issue 36)', () => {
    expect(parseConfig({})).toMatchObject({ maxEventStreams: 1000, eventStreamsPerAddress: 100 });
    expect(
      parseConfig({ MAX_CONNECTIONS: '301', EVENT_STREAM_SHARE: '0.25', EVENT_STREAMS_PER_ADDRESS: '7' }),
    ).toMatchObject({ maxConnections: 301, maxEventStreams: 75, eventStreamsPerAddress: 7 });
    for (const share of ['0', '1', '1.5', 'half']) {
      expect(() => parseConfig({ EVENT_STREAM_SHARE: share })).toThrow(/EVENT_STREAM_SHARE: /);
    }
  });

  it('reads METRICS (off by default) and its token, refusing a short or lone token without echoing it (issue 35)', () => {
    expect(parseConfig({}).metrics).toEqual({ isEnabled: false, token: null });
    expect(parseConfig({ METRICS: 'on' }).metrics).toEqual({ isEnabled: true, token: null });
    const token = 'scrape-secret-0123456789';
    expect(parseConfig({ METRICS: 'on', METRICS_TOKEN: token }).metrics).toEqual({ isEnabled: true, token });
    expect(() => parseConfig({ METRICS: 'yes' })).toThrow('METRICS: must be on or off');
    expect(() => parseConfig({ METRICS: 'on', METRICS_TOKEN: 'short-secret' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    let error: unknown;
    try {
      parseConfig({ METRICS_TOKEN: token });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^METRICS_TOKEN: set METRICS=on too/m);
    expect(problems).not.toContain(token);
  });
});
