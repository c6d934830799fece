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
    });
    expect(config.dataDir).toMatch(/[/\\]data$/);
  });

  it('reads the variables it is given', () => {
    const config = parseConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/ipam',
      PUBLIC_URL: 'https://ipam.example.com/',
      SMTP_URL: 'smtp://mail:25',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/ipam',
      publicUrl: 'https://ipam.example.com',
      smtpUrl: 'smtp://mail:25',
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
});
