import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInHere, logOutFromMenu, password, signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';

// Settings ▸ Security against the real server and clock: set up two-factor sign-in from the QR
// screen's secret, keep the recovery codes, sign out, and sign in again with a code of the app.

/** The code an authenticator app shows now (computed by the library from the secret the page showed). */
const codeNow = (secret: string) => generate({ secret });

describe('two-factor sign-in', () => {
  let server: AppServer;
  let browser: Browser;
  const email = uniqueEmail('two-factor');
  let secret = '';
  let usedCode = '';

  beforeAll(async () => {
    server = await startServer({ logName: 'two-factor-server' });
    browser = await openBrowser(undefined, server.baseUrl);
    await signUp(browser.page, browser.baseUrl, email);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sets up TOTP from the QR screen and shows ten recovery codes once', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings/security`);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const form = page.getByRole('form', { name: 'Set up two-factor sign-in' });
    await form.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = await form.getByRole('textbox', { name: 'Or type this secret into the app' }).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'two-factor-setup');

    await form.getByRole('textbox', { name: 'Code' }).fill('000000');
    await form.getByRole('button', { name: 'Turn on' }).click();
    await form.getByText('That code is not right.', { exact: false }).waitFor();
    usedCode = await codeNow(secret);
    await form.getByRole('textbox', { name: 'Code' }).fill(usedCode);
    await form.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await page.getByText('Save your recovery codes now').waitFor();
    expect(await codes.count()).toBe(10);
    await screenshot(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Recovery codes left: 10 of 10.', { exact: false }).waitFor();
  });

  it('asks for the code after the password and signs in with it', async () => {
    const { page } = browser;
    await logOutFromMenu(page, email);
    await logInHere(page, email);
    const prompt = page.getByRole('form', { name: 'Two-factor code' });
    await prompt.getByRole('textbox', { name: 'Code' }).waitFor();
    await screenshot(page, 'two-factor-code-prompt');
    // A code works once: wait for the app's next code after the one that turned the factor on.
    await expect.poll(() => codeNow(secret), { timeout: 40_000, interval: 1000 }).not.toBe(usedCode);
    await prompt.getByRole('textbox', { name: 'Code' }).fill(await codeNow(secret));
    await prompt.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it("sends a member of an account that requires it to the set-up before the account's pages", async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings/security`);
    const rule = page.getByRole('switch', { name: 'Require two-factor sign-in for every member' });
    // The switch follows the saved rule: it turns once the server said yes.
    await rule.click();
    await expect.poll(() => rule.isChecked()).toBe(true);
    const me = await (await browser.context.request.get(`${baseUrl}/api/auth/me`)).json();
    const memberEmail = uniqueEmail('two-factor-member');
    const invite = await browser.context.request.post(
      `${baseUrl}/api/accounts/${me.currentAccountId}/invites`,
      {
        data: { email: memberEmail },
      },
    );
    expect(invite.status()).toBe(201);

    const member = await openBrowser(undefined, server.baseUrl);
    try {
      await member.page.goto(`${baseUrl}/login?tab=signup`);
      const form = member.page.getByRole('form', { name: 'Sign Up' });
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(memberEmail);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await member.page.getByRole('heading', { name: 'Security' }).waitFor();
      await member.page.getByText('This account requires two-factor sign-in.', { exact: false }).waitFor();
      await screenshot(member.page, 'two-factor-required');
      // The server refuses the account's data too, whatever the page shows.
      const subnets = await member.context.request.get(
        `${baseUrl}/api/accounts/${me.currentAccountId}/subnets`,
      );
      expect(subnets.status()).toBe(403);
      expect((await subnets.json()).code).toBe('second_factor_required');

      await member.page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const setup = member.page.getByRole('form', { name: 'Set up two-factor sign-in' });
      const memberSecret = await setup
        .getByRole('textbox', { name: 'Or type this secret into the app' })
        .inputValue();
      await setup.getByRole('textbox', { name: 'Code' }).fill(await codeNow(memberSecret));
      await setup.getByRole('button', { name: 'Turn on' }).click();
      await member.page.getByRole('button', { name: 'I have saved them' }).click();
      await member.page.goto(`${baseUrl}/`);
      await member.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    } finally {
      await member.close();
    }
  });
});
