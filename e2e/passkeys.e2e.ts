import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInHere, logOutFromMenu, signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';

// Passkeys against the real server in Chromium, with the DevTools protocol's virtual authenticator
// standing in for a platform authenticator (fingerprint or PIN: user verification on). The page is
// opened as http://localhost:port: browsers refuse passkeys for an IP address, and the server takes
// the RP ID from the Host when PUBLIC_URL is not set.

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  signCount: number;
}

describe('passkeys', () => {
  let server: AppServer;
  let browser: Browser;
  let cdp: CDPSession;
  let authenticatorId = '';
  const email = uniqueEmail('passkeys');

  const credentials = async () =>
    ((await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: VirtualCredential[] })
      .credentials;

  beforeAll(async () => {
    server = await startServer({ logName: 'passkeys-server' });
    const baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
    browser = await openBrowser(undefined, baseUrl);
    cdp = await browser.page.context().newCDPSession(browser.page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const added = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    authenticatorId = added.authenticatorId;
    await signUp(browser.page, baseUrl, email);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a named passkey in Settings ▸ Security and lists it', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings/security`);
    await page.getByText('No passkeys yet.').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const form = page.getByRole('form', { name: 'Add a passkey' });
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByText('Give the passkey a name.').waitFor();
    await form.getByRole('textbox', { name: 'Passkey name' }).fill('This laptop');
    await form.getByRole('button', { name: 'Continue' }).click();
    const table = page.getByRole('table', { name: 'Passkeys' });
    await table.getByRole('cell', { name: 'This laptop', exact: true }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    const [credential] = await credentials();
    expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
    await screenshot(page, 'passkeys-security-settings');
  });

  it('asks for the passkey after the password and signs in with it', async () => {
    const { page } = browser;
    await logOutFromMenu(page, email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await screenshot(page, 'passkeys-login-page');
    await logInHere(page, email);
    const prompt = page.getByRole('region', { name: 'Confirm with a passkey' });
    await prompt.getByRole('button', { name: 'Use a passkey' }).waitFor();
    // Only a passkey is set up: no code field is offered.
    expect(await page.getByRole('form', { name: 'Two-factor code' }).count()).toBe(0);
    await screenshot(page, 'passkeys-login-prompt');
    await prompt.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect((await credentials())[0]?.signCount).toBeGreaterThan(0);
  });

  it('signs in with the passkey alone, no e-mail typed', async () => {
    const { page, baseUrl } = browser;
    await logOutFromMenu(page, email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: `User menu for ${email}` }).waitFor();
    await page.goto(`${baseUrl}/settings/security`);
    const table = page.getByRole('table', { name: 'Passkeys' });
    const row = table.getByRole('row', { name: /This laptop/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).not.toBe('Never');
  });
});
