import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serviceDn,
  servicePassword,
  startLdapServer,
  suffix,
  type LdapServer,
} from '../packages/server/test/ldap-server.js';
import { password } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';

// The login page of a server with a directory (Debian's slapd on loopback, StartTLS): the choice of
// directory or e-mail, a wrong directory password, then a directory user's first sign-in.

describe('sign-in with a directory account', () => {
  let directory: LdapServer;
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    directory = await startLdapServer([
      { uid: 'ana', password: 'ana-directory-pw', mail: 'ana@example.org', groups: ['net-ro'] },
    ]);
    // The account directory users join exists only after the owner signs up: restart() reads env again.
    const env: Record<string, string> = {
      LDAP_URL: directory.ldapUrl,
      LDAP_CA_FILE: directory.caFile,
      LDAP_BIND_DN: serviceDn,
      LDAP_BIND_PASSWORD: servicePassword,
      LDAP_BASE_DN: suffix,
      LDAP_GROUP_ROLES: 'admin:net-admins; viewer:net-ro',
      LDAP_ACCOUNT_ID: 'not-yet',
      LDAP_LABEL: 'Example Directory',
    };
    server = await startServer({ env, logName: 'ldap-login-server' });
    const ownerEmail = uniqueEmail('ldap-owner');
    const signUp = await fetch(`${server.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ownerEmail, password }),
    });
    const me = (await signUp.json()) as { currentAccountId: string };
    expect((await server.cli(['admin', 'set-tier', ownerEmail, '2'])).code).toBe(0);
    env.LDAP_ACCOUNT_ID = me.currentAccountId;
    await server.restart();
    browser = await openBrowser(undefined, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await directory?.stop();
  });

  it('offers the directory first, with e-mail beside it, and refuses a wrong directory password', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/login`);
    const form = page.getByRole('form', { name: 'Login with Example Directory' });
    await form.getByRole('textbox', { name: 'User name' }).fill('ana');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('not-her-password');
    await screenshot(page, 'ldap-login-form');
    await form.getByRole('button', { name: 'Login' }).click();
    await form.getByRole('alert').getByText('Login failed.').waitFor();
    // Her own e-mail and password are one click away, and the choice stays for the next visit.
    await page.getByText('Email', { exact: true }).click();
    await page.getByRole('form', { name: 'Login' }).getByRole('textbox', { name: 'Email' }).waitFor();
    await page.reload();
    await page.getByRole('form', { name: 'Login' }).getByRole('textbox', { name: 'Email' }).waitFor();
    await page.getByText('Example Directory', { exact: true }).click();
  });

  it("signs a directory user in for the first time: the account opens with the group's role", async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/login`);
    const form = page.getByRole('form', { name: 'Login with Example Directory' });
    await form.getByRole('textbox', { name: 'User name' }).fill('ana');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('ana-directory-pw');
    await form.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'User menu for ana@example.org' }).waitFor();
    const me = await (await browser.context.request.get(`${baseUrl}/api/auth/me`)).json();
    const account = me.accounts.find((a: { id: string }) => a.id === me.currentAccountId);
    expect(account.role).toBe('viewer');
    await screenshot(page, 'ldap-first-sign-in');
  });
});
