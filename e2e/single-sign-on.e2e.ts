import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../packages/server/test/oidc-provider.js';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';

// Single sign-on against a real OpenID provider on loopback (oidc-provider, with its own login and
// consent pages): the owner sets it up in Settings ▸ Single sign-on, then a new person clicks
// "Sign in with Acme SSO" on the account's login page, signs in at the provider and lands signed in
// with the role their group maps to.

const client = { id: 'ipam-e2e', secret: 'e2e-client-secret-5d1b7a' };

describe('single sign-on', () => {
  let idp: TestOidcProvider;
  let server: AppServer;
  let owner: Browser;
  let member: Browser | undefined;
  const ownerEmail = uniqueEmail('sso-owner');
  const memberEmail = uniqueEmail('sso-member');
  const slug = `acme-${Date.now().toString(36)}`;

  beforeAll(async () => {
    idp = await startOidcProvider();
    // The provider is this machine's: the operator lets accounts use a provider on a private address.
    server = await startServer({ env: { SSO_ALLOW_PRIVATE_ISSUERS: 'true' }, logName: 'sso-server' });
    idp.configure([
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [`${server.baseUrl}/api/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ]);
    idp.people.set('maria', { email: memberEmail, name: 'Maria Silva', groups: ['staff', 'net-ro'] });
    owner = await openBrowser(undefined, server.baseUrl);
    await signUp(owner.page, owner.baseUrl, ownerEmail);
  });
  afterAll(async () => {
    await member?.close();
    await owner?.close();
    await server?.stop();
    await idp?.stop();
  });

  it('is set up by the owner in Settings ▸ Single sign-on; the secret is not shown again', async () => {
    const { page, baseUrl } = owner;
    await page.goto(`${baseUrl}/settings?tab=sso`);
    await page.getByRole('heading', { name: 'Single sign-on' }).waitFor();
    const redirect = page.getByRole('textbox', { name: 'Redirect URI to register at your provider' });
    expect(await redirect.inputValue()).toBe(`${baseUrl}/api/auth/sso/callback`);
    const form = page.getByRole('form', { name: 'Single sign-on provider' });
    await form.getByRole('textbox', { name: 'Button name' }).fill('Acme SSO');
    await form.getByRole('textbox', { name: 'Sign-in name' }).fill(slug);
    await form.getByRole('textbox', { name: 'Issuer URL' }).fill(idp.issuer);
    await form.getByRole('textbox', { name: 'Client ID' }).fill(client.id);
    await form.getByLabel('Client secret').fill(client.secret);
    await form.getByRole('textbox', { name: 'Group 1' }).fill('net-ro');
    await form.getByRole('button', { name: '+ Group' }).click();
    await form.getByRole('textbox', { name: 'Group 2' }).fill('net-admins');
    await form.getByRole('combobox', { name: 'Role of group 2', exact: true }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await form.getByRole('button', { name: 'Set up single sign-on' }).click();
    await page.getByText('Single sign-on saved.').waitFor();
    const loginPage = page.getByRole('textbox', { name: "Your team's login page" });
    expect(await loginPage.inputValue()).toBe(`${baseUrl}/login?sso=${slug}`);
    expect(await form.getByLabel('Client secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain(client.secret);
    await screenshot(page, 'sso-settings');
  });

  it('signs a new person in through the provider’s pages and lands them signed in with the mapped role', async () => {
    member = await openBrowser(undefined, server.baseUrl);
    const { page, baseUrl } = member;
    await page.goto(`${baseUrl}/login?sso=${slug}`);
    const button = page.getByRole('link', { name: 'Sign in with Acme SSO' });
    await button.waitFor();
    await screenshot(page, 'sso-login-page');
    await button.click();
    // The provider's own login page, then its consent page.
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.getByPlaceholder('Enter any login').fill('maria');
    await page.getByPlaceholder('and password').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/`);
    await page.getByRole('button', { name: `User menu for ${memberEmail}` }).waitFor();
    const me = await (await member.context.request.get(`${baseUrl}/api/auth/me`)).json();
    expect(me.accounts).toEqual([expect.objectContaining({ reference: ownerEmail, role: 'viewer' })]);
  });

  it('shows the owner who has signed in, and sends a person without a mapped group back with the reason', async () => {
    const { page, baseUrl } = owner;
    await page.goto(`${baseUrl}/settings?tab=users`);
    await page.getByRole('cell', { name: memberEmail, exact: true }).first().waitFor();

    idp.people.set('finance', { email: uniqueEmail('sso-finance'), groups: ['finance'] });
    const stranger = await openBrowser(undefined, server.baseUrl);
    try {
      await stranger.page.goto(`${baseUrl}/login?sso=${slug}`);
      await stranger.page.getByRole('link', { name: 'Sign in with Acme SSO' }).click();
      await stranger.page.getByPlaceholder('Enter any login').fill('finance');
      await stranger.page.getByPlaceholder('and password').fill('any password');
      await stranger.page.getByRole('button', { name: 'Sign-in' }).click();
      await stranger.page.getByRole('button', { name: 'Continue' }).click();
      await stranger.page
        .getByText('Your groups at Acme SSO give you no role in this account.', { exact: false })
        .waitFor();
      await screenshot(stranger.page, 'sso-login-refused');
    } finally {
      await stranger.close();
    }
  });
});
