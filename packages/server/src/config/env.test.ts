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
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: /m);
    expect(problems).toMatch(/^LOG_LEVEL: /m);
    expect(problems).not.toContain('hunter2');
  });

  it('accepts LOG_FORMAT pretty or json only, and says so', () => {
    expect(parseConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => parseConfig({ LOG_FORMAT: 'text' })).toThrow('LOG_FORMAT: must be pretty or json');
  });
});
