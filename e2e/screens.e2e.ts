import { messages } from '@ipam/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, phone, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

// The contact address the global setup gives the server (CONTACT_EMAIL).
const contactEmail = 'help@ipam.test';

describe('Support on a paid tier', () => {
  let server: AppServer;
  let browser: Browser;
  const email = uniqueEmail('ticket');

  beforeAll(async () => {
    server = await startServer({ logName: 'support-server' });
    browser = await openBrowser(undefined, server.baseUrl);
    await signUp(browser.page, browser.baseUrl, email);
    const setTier = await server.cli(['admin', 'set-tier', email, '1']);
    expect(setTier.code, setTier.output).toBe(0);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the built-in ticket form stores the message and confirms it, promising no e-mail without SMTP', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/support`);
    await page.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    await page.getByText(messages.supportIntroStored).waitFor();
    await page.getByText(messages.contactDirectly, { exact: true }).waitFor();
    expect(await page.getByText('24 hours').count()).toBe(0);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message is required.').waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Cannot find my subnet');
    await page.getByRole('textbox', { name: 'How can we help?' }).fill('Where did 10.0.0.0/24 go?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message received').waitFor();
    await page.getByText(messages.supportReceivedStored, { exact: true }).waitFor();
    expect(await page.getByText('24 hours').count()).toBe(0);
    await screenshot(page, 'support');
  });
});

describe('Support on a paid tier, messages mailed to SUPPORT_INBOX', () => {
  let smtp: SmtpSink;
  let server: AppServer;
  let browser: Browser;
  const email = uniqueEmail('mailed-ticket');

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({
      env: { SMTP_URL: smtp.url, SUPPORT_INBOX: 'inbox@ipam.test' },
      logName: 'support-server-smtp',
    });
    browser = await openBrowser(undefined, server.baseUrl);
    await signUp(browser.page, browser.baseUrl, email);
    const setTier = await server.cli(['admin', 'set-tier', email, '1']);
    expect(setTier.code, setTier.output).toBe(0);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('promises an answer by e-mail within 24 hours, and the message reaches the inbox', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/support`);
    await page.getByText(messages.supportIntroByEmail).waitFor();
    await page.getByText(messages.contactByEmail).waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill('VLAN question');
    await page.getByRole('textbox', { name: 'How can we help?' }).fill('Can a subnet have two VLANs?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(messages.supportReceivedByEmail).waitFor();
    await screenshot(page, 'support-by-email');
    await expect
      .poll(() =>
        smtp.messages.some((m) => m.to.includes('inbox@ipam.test') && m.raw.includes('VLAN question')),
      )
      .toBe(true);
  });
});

describe('every other screen, signed in', () => {
  let browser: Browser;
  const email = uniqueEmail('tour');

  beforeAll(async () => {
    browser = await openBrowser();
    await signUp(browser.page, browser.baseUrl, email);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Settings › Account Info: read-only fields, upgrade, no support ticket or Scanners on the free tier', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Account Information' }).waitFor();
    for (const label of ['Account ID', 'Tier', 'Max Users', 'Max Networks']) {
      expect(
        await page.getByRole('textbox', { name: label, exact: true }).getAttribute('readonly'),
      ).not.toBeNull();
    }
    expect(await page.getByRole('textbox', { name: 'Tier', exact: true }).inputValue()).toBe('Free');
    expect(await page.getByRole('tab', { name: 'Scanners' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open Support Ticket' }).count()).toBe(0);
    await screenshot(page, 'settings-account-info');
    await page.getByRole('link', { name: 'Upgrade Account' }).click();
    await page.waitForURL(`${baseUrl}/upgrade`);
    await page.getByRole('heading', { name: 'Unlock More Power for Your Network' }).waitFor();
    for (const name of ['Basic', 'Business', 'Enterprise']) {
      await page
        .getByRole('region', { name: `${name} plan` })
        .getByRole('button', { name: `Upgrade to ${name}` })
        .waitFor();
    }
    await screenshot(page, 'upgrade');
  });

  it('Support on the Free tier: no ticket form, an upgrade link and the resources', async () => {
    const { page, baseUrl } = browser;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
    await page.waitForURL(`${baseUrl}/support`);
    await page.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    await page.getByText('Support tickets are available on paid plans.').waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Upgrade Account' }).getAttribute('href'),
    ).toBe('/upgrade');
    expect(await page.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/docs');
    await screenshot(page, 'support-free');
  });

  it('Feedback from the user menu opens a modal with the built-in form', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: `User menu for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByRole('textbox', { name: 'Your feedback' }).fill('The dashboard is lovely.');
    await screenshot(page, 'feedback-modal');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Thank you! Your feedback was received.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('Terms and Privacy: last updated April 22, 2025, with the configured contact address', async () => {
    const { page, baseUrl } = browser;
    for (const [path, title, shot] of [
      ['/tos', 'Terms of Service', 'terms'],
      ['/privacy', 'Privacy Policy', 'privacy'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText('Last updated April 22, 2025').waitFor();
      const contact = page.getByRole('link', { name: contactEmail });
      expect(await contact.getAttribute('href')).toBe(`mailto:${contactEmail}`);
      await screenshot(page, shot);
    }
  });

  it('S23: /checkout/success opened by hand claims no payment', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/checkout/success`);
    await page.getByText('There is no payment to confirm.').waitFor();
    expect(await page.getByText('Your payment was successful', { exact: false }).count()).toBe(0);
  });

  it('the IPs, Tools and Group Management screens are reachable from the navigation and marked current', async () => {
    const { page, baseUrl } = browser;
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [link, path, heading] of [
      ['IPs', '/ips', 'IP Addresses'],
      ['Tools', '/tools', 'Networking Tools'],
    ] as const) {
      await nav.getByRole('link', { name: link }).click();
      await page.waitForURL(`${baseUrl}${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await nav.getByRole('link', { name: link }).getAttribute('aria-current')).toBe('page');
    }
    await page.goto(`${baseUrl}/settings/groupmanagement`);
    await page.getByRole('heading', { name: 'Group Management' }).waitFor();
    await screenshot(page, 'group-management-from-url');
  });
});

describe('on a phone', () => {
  it('hides the navigation behind a burger and keeps the dashboard readable', async () => {
    const browser = await openBrowser(phone);
    try {
      const { page, baseUrl } = browser;
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('form', { name: 'Login' }).waitFor();
      await screenshot(page, 'phone-login');
      await page.goto(`${baseUrl}/signup`);
      await screenshot(page, 'phone-signup-landing');
      await signUp(page, baseUrl, uniqueEmail('phone'));
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Settings' }).isVisible()).toBe(false);
      await screenshot(page, 'phone-dashboard');
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect.poll(() => nav.getByRole('link', { name: 'Settings' }).isVisible()).toBe(true);
      await screenshot(page, 'phone-navigation-open');
      await nav.getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL(`${baseUrl}/settings`);
      await expect.poll(() => nav.getByRole('link', { name: 'Settings' }).isVisible()).toBe(false);
      await page.getByRole('tab', { name: 'Users' }).click();
      await page.getByRole('table', { name: 'Users' }).waitFor();
      await screenshot(page, 'phone-settings-users');
    } finally {
      await browser.close();
    }
  });
});
