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
