import { messages } from '@ipam/core/messages';
import { tierDefaults } from '@ipam/core/tiers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardValue, logIn, logInHere, logOutFromMenu, password, signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';

describe('sign-up, login, logout and the guard', () => {
  let browser: Browser;
  const email = uniqueEmail('owner');

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a signed-out visitor from a protected page to /login', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings`);
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'login');
  });

  it('refuses mismatched and short passwords before calling the server', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByText(messages.registrationNote).waitFor();
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('different');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await form.getByText(messages.passwordTooShort).waitFor();
    await form.getByText(messages.passwordsDoNotMatch).waitFor();
    await screenshot(page, 'signup-tab-errors');
    expect(page.url()).toBe(`${baseUrl}/login?tab=signup`);
  });

  it('signs up, shows the Dashboard with the account figures', async () => {
    const { page, baseUrl, context } = browser;
    await signUp(page, baseUrl, email);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: `User menu for ${email}` }).waitFor();

    const me = (await (await context.request.get(`${baseUrl}/api/auth/me`)).json()) as {
      currentAccountId: string;
    };
    const stats = (await (
      await context.request.get(`${baseUrl}/api/accounts/${me.currentAccountId}/stats`)
    ).json()) as { totalSubnets: number; totalGroups: number; maxNetworks: number };
    expect(await cardValue(page, 'Total Subnets')).toBe(stats.totalSubnets);
    expect(await cardValue(page, 'Total Groups')).toBe(stats.totalGroups);
    // A new account is on the free tier: its network limit is tier 0's.
    expect(await cardValue(page, 'Max Networks')).toBe(tierDefaults(0)?.maxnetworks);
    await screenshot(page, 'dashboard');
  });

  it('shows "Email already in use." for a taken address and re-enables the form', async () => {
    const other = await openBrowser();
    try {
      const { page, baseUrl } = other;
      await page.goto(`${baseUrl}/login?tab=signup`);
      const form = page.getByRole('form', { name: 'Sign Up' });
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
      await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).press('Enter');
      await form.getByText(messages.emailInUse).waitFor();
      expect(await form.getByRole('button', { name: 'Sign Up' }).isEnabled()).toBe(true);
      expect(await form.getByRole('textbox', { name: 'Email', exact: true }).isEnabled()).toBe(true);
      await screenshot(page, 'signup-email-in-use');
    } finally {
      await other.close();
    }
  });

  it('logs out through the user menu, after which protected pages need a login again', async () => {
    const { page, baseUrl } = browser;
    await logOutFromMenu(page, email);
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/login`);
  });

  it('shows "Login failed." for a wrong password and stays on /login', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/login`);
    await logInHere(page, email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: messages.loginFailed }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/login`);
    await screenshot(page, 'login-failed');
  });

  it('after login returns to the page the guard turned the visitor away from', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings?tab=users`);
    await page.waitForURL(`${baseUrl}/login`);
    await logInHere(page, email);
    await page.waitForURL(`${baseUrl}/settings?tab=users`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('table', { name: 'Users' }).getByText(email).waitFor();
  });

  it('/logout signs out and goes to /login', async () => {
    const { page, baseUrl, context } = browser;
    await page.goto(`${baseUrl}/logout`);
    await page.waitForURL(`${baseUrl}/login`);
    const me = await context.request.get(`${baseUrl}/api/auth/me`);
    expect(me.status()).toBe(401);
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    const { page, baseUrl } = browser;
    await logIn(page, baseUrl, email);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Take Me Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});

describe('the sign-up landing page', () => {
  it('scrolls to the form from "Start Free Trial" and signs up from there', async () => {
    const browser = await openBrowser();
    try {
      const { page, baseUrl } = browser;
      await page.goto(`${baseUrl}/signup`);
      for (const item of ['Enterprise Security', '24-Hour Support', 'On-Premises Scanner']) {
        await page.getByText(item, { exact: true }).waitFor();
      }
      await screenshot(page, 'signup-landing');
      const form = page.getByRole('form', { name: 'Sign Up' });
      await page.getByRole('main').getByRole('button', { name: 'Start Free Trial' }).click();
      // The form, far below the hero, is now in the 800-pixel-high window.
      await expect.poll(async () => (await form.boundingBox())?.y ?? Infinity).toBeLessThan(800);
      const email = uniqueEmail('landing');
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await browser.close();
    }
  });
});
