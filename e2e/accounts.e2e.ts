import { messages } from '@ipam/core/messages';
import { request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInHere, logOutFromMenu, password, signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';
import { linkInMail, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A second, separate login of the user through the API (another "device"); answers whether it still works. */
async function otherDevice(baseUrl: string, email: string, secret: string) {
  const api = await request.newContext({ baseURL: baseUrl, userAgent: firefoxOnLinux });
  const login = await api.post('/api/auth/login', { data: { email, password: secret } });
  expect(login.status()).toBe(200);
  return {
    isSignedIn: async () => (await api.get('/api/auth/me')).status() === 200,
    dispose: () => api.dispose(),
  };
}

async function setNewPassword(browser: Browser, link: string, secret: string): Promise<void> {
  const { page } = browser;
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(secret);
  await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(secret);
  await form.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText(messages.passwordResetDone).waitFor();
}

describe('profile, password change and reset by e-mail (SMTP sink)', () => {
  let smtp: SmtpSink;
  let server: AppServer;
  let browser: Browser;
  const email = uniqueEmail('profile');
  const changed = 'Changed-Horse-77';

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({ env: { SMTP_URL: smtp.url }, logName: 'server-accounts-smtp' });
    browser = await openBrowser(undefined, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('opens the Profile from the menu, saves a display name and lists the sessions', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, email);
    await page.getByRole('button', { name: `User menu for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByRole('textbox', { name: 'Display name' }).fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.profileSaved).waitFor();
    await page.getByRole('table', { name: 'Active sessions' }).getByText('This session').waitFor();
  });

  it('changes the password (a wrong current one is refused) and logs out the other sessions', async () => {
    const { page, baseUrl } = browser;
    const device = await otherDevice(baseUrl, email, password);
    await page.reload();
    const sessions = page.getByRole('table', { name: 'Active sessions' });
    await expect.poll(() => sessions.getByRole('row').count()).toBe(3);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('textbox', { name: 'Current password' }).fill('not-my-password');
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(changed);
    await form.getByRole('textbox', { name: 'Confirm new password' }).fill(changed);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText(messages.currentPasswordWrong).waitFor();
    await screenshot(page, 'profile-wrong-current-password');
    await form.getByRole('textbox', { name: 'Current password' }).fill(password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText(messages.passwordChanged).waitFor();
    expect(await device.isSignedIn()).toBe(false);
    await expect.poll(() => sessions.getByRole('row').count()).toBe(2);
    await screenshot(page, 'profile');
    await device.dispose();
  });

  it('names each session’s device and address, and logs out one of them', async () => {
    const { page, baseUrl } = browser;
    const device = await otherDevice(baseUrl, email, changed);
    await page.reload();
    const sessions = page.getByRole('table', { name: 'Active sessions' });
    const firefox = sessions.getByRole('row').filter({ hasText: 'Firefox on Linux' });
    await firefox.waitFor();
    expect(await firefox.getByRole('cell', { name: '127.0.0.1' }).count()).toBe(1);
    const current = sessions.getByRole('row').filter({ hasText: 'This session' });
    expect(await current.getByText('Chrome on Linux').count()).toBe(1);
    expect(await current.getByRole('button', { name: /^Log out/ }).count()).toBe(0);
    await screenshot(page, 'sessions');
    await firefox.getByRole('button', { name: /^Log out Firefox on Linux/ }).click();
    await expect.poll(() => sessions.getByRole('row').count()).toBe(2);
    expect(await device.isSignedIn()).toBe(false);
    await device.dispose();
  });

  it('shows the password sign-ins in History', async () => {
    const { page, baseUrl } = browser;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`${baseUrl}/history`);
    await page
      .getByText(/signed in with a password/)
      .first()
      .waitFor();
    await screenshot(page, 'history-sign-ins');
    await page.goBack();
    await page.getByRole('table', { name: 'Active sessions' }).waitFor();
  });

  it('logs out other sessions from the Profile', async () => {
    const { page, baseUrl } = browser;
    const device = await otherDevice(baseUrl, email, changed);
    await page.reload();
    await page.getByRole('button', { name: 'Log out other sessions' }).click();
    await page.getByText(messages.otherSessionsEnded(1)).waitFor();
    expect(await device.isSignedIn()).toBe(false);
    await device.dispose();
  });

  it('resets a forgotten password through the mailed link, once', async () => {
    const { page } = browser;
    await logOutFromMenu(page, email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // Within the page's own form: until the route has changed, the login form's Email box is there too.
    const forgot = page.getByRole('form', { name: 'Forgot password' });
    await forgot.getByRole('textbox', { name: 'Email' }).fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(messages.resetRequestedMailed).waitFor();
    await screenshot(page, 'forgot-password-sent');
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(1);
    const mail = smtp.messages.find((m) => m.to.includes(email));
    const link = linkInMail(mail?.raw ?? '', `${server.baseUrl}/reset-password?token=`);
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByRole('form', { name: 'Reset password' }).waitFor();
    await screenshot(page, 'reset-password');
    await setNewPassword(browser, link ?? '', 'Reset-Horse-99');
    await screenshot(page, 'reset-password-done');
    // The link works once.
    await page.goto(link ?? '');
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-Horse-11');
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Another-Horse-11');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(messages.resetLinkInvalid).waitFor();
    await page.goto(`${server.baseUrl}/login`);
    await logInHere(page, email, 'Reset-Horse-99');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});

describe('without a mail server: reset by the admin command, invites by link', () => {
  let server: AppServer;
  let browser: Browser;
  const owner = uniqueEmail('nomail-owner');
  const invitee = uniqueEmail('nomail-invitee');

  beforeAll(async () => {
    server = await startServer({ logName: 'server-accounts-nomail' });
    browser = await openBrowser(undefined, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says on the forgot-password page that no e-mail is sent', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/forgot-password`);
    const forgot = page.getByRole('form', { name: 'Forgot password' });
    await forgot.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('anyone'));
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(messages.resetRequestedNoMail).waitFor();
    await screenshot(page, 'forgot-password-no-mail');
  });

  it('sets a new password with the link `ipam admin reset-password` prints', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, owner);
    await logOutFromMenu(page, owner);
    const { code, output } = await server.cli(['admin', 'reset-password', owner]);
    expect(code).toBe(0);
    const link = /http:\/\/\S+\/reset-password\?token=\S+/.exec(output)?.[0];
    expect(link?.startsWith(`${baseUrl}/reset-password?token=`)).toBe(true);
    await setNewPassword(browser, link ?? '', 'Admin-Horse-55');
    await page.goto(`${baseUrl}/login`);
    await logInHere(page, owner, 'Admin-Horse-55');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('shows the invitation link, says no e-mail went out, and the link joins the account', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(invitee);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await dialog.getByText(messages.inviteNotMailed).waitFor();
    await screenshot(page, 'invite-link-no-mail');
    const link = await dialog.getByRole('textbox', { name: `Invitation link for ${invitee}` }).inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    // Showing it again issues a new link; the first one stops working.
    await page.getByRole('button', { name: `Show link for ${invitee}` }).click();
    const again = page.getByRole('dialog', { name: 'Invitation link' });
    const second = await again.getByRole('textbox', { name: `Invitation link for ${invitee}` }).inputValue();
    expect(second).not.toBe(link);
    await screenshot(page, 'invite-link-again');
    await again.getByRole('button', { name: 'Done' }).click();
    await logOutFromMenu(page, owner);
    // The invitee signs up through the link with an address of their own choosing.
    await page.goto(second);
    await page.getByText(messages.invitedTo(owner, invitee)).waitFor();
    await screenshot(page, 'invite-link-signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    // The form starts with the invited address; the invitee may use another of theirs.
    expect(await form.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(invitee);
    const ownAddress = uniqueEmail('invitee-own');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(ownAddress);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // They land in the inviting account (issue 29).
    await page.getByText(`${owner} · Free`).waitFor();
    await page.getByRole('button', { name: `User menu for ${ownAddress}` }).click();
    await page.getByRole('menuitem', { name: 'Switch Account' }).click();
    await page.getByText(owner).waitFor();
  });
});
