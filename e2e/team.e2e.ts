import { messages } from '@ipam/core/messages';
import { tierDefaults } from '@ipam/core/tiers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFocus, logIn, logOutFromMenu, password, signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';

const freeMaxUsers = tierDefaults(0)?.maxusers;

async function openUsersTab(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/settings`);
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('table', { name: 'Users' }).waitFor();
}

async function currentAccountId(browser: Browser): Promise<string> {
  const response = await browser.context.request.get(`${browser.baseUrl}/api/auth/me`);
  const me = (await response.json()) as { currentAccountId: string };
  return me.currentAccountId;
}

describe('a team: invite, join, switch accounts, remove', () => {
  let browser: Browser;
  const owner = uniqueEmail('team-owner');
  const colleague = uniqueEmail('colleague');
  let ownerAccountId = '';

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the owner sees themself as Owner and no pending invites', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, owner);
    ownerAccountId = await currentAccountId(browser);
    await openUsersTab(page, baseUrl);
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: owner });
    await row.getByText('Owner', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    await page.getByText(`1 user of ${freeMaxUsers}`).waitFor();
    await page.getByText('No pending invites.').waitFor();
    // Without a second account, the menu offers no Switch Account.
    await page.getByRole('button', { name: `User menu for ${owner}` }).click();
    await page.getByRole('menuitem', { name: 'Feedback' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Switch Account' }).count()).toBe(0);
    await screenshot(page, 'user-menu-one-account');
    await page.keyboard.press('Escape');
  });

  it('invites a colleague (a bad address is refused) and the invite button locks at the limit', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    const emailField = dialog.getByRole('textbox', { name: 'Email', exact: true });
    // The first field has the focus, so the keyboard user can type at once.
    await expect.poll(() => hasFocus(page, emailField)).toBe(true);
    await emailField.fill('not-an-address');
    await emailField.press('Enter');
    await dialog.getByText(messages.invalidEmail).waitFor();
    await screenshot(page, 'settings-invite-invalid');
    await emailField.fill(colleague);
    await emailField.press('Enter');
    // No mail server here: the modal says so and shows the invitation link instead.
    await dialog.getByText(messages.inviteNotMailed).waitFor();
    await dialog.getByRole('textbox', { name: `Invitation link for ${colleague}` }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const invites = page.getByRole('table', { name: 'Pending Invites' });
    await invites.getByText(colleague).waitFor();
    // Free tier: the owner plus one pending invite fill both seats.
    await expect.poll(() => page.getByRole('button', { name: 'Invite User' }).isDisabled()).toBe(true);
    await screenshot(page, 'settings-users-invited');
    await logOutFromMenu(page, owner);
  });

  it('the colleague signs up and lands in the inviting account, with Switch Account to reach their own', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, colleague);
    // Invited by e-mail: the inviting account opens, not an empty account of their own (issue 29).
    expect(await currentAccountId(browser)).toBe(ownerAccountId);
    await page.getByText(`${owner} · Free`).waitFor();
    await page.getByRole('button', { name: `User menu for ${colleague}` }).click();
    await screenshot(page, 'user-menu-two-accounts');
    await page.getByRole('menuitem', { name: 'Switch Account' }).click();
    await page.waitForURL(`${baseUrl}/accounts`);
    await page.getByRole('heading', { name: 'Switch Accounts' }).waitFor();
    await page.getByText('Current', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Switch to / }).count()).toBe(1);
    await screenshot(page, 'switch-accounts');
  });

  it('everything shows the owner’s account; switching goes to their own', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Account ID', exact: true }).inputValue())
      .toBe(ownerAccountId);
    await page.getByRole('tab', { name: 'Users' }).click();
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByText(owner).waitFor();
    await users.getByText(colleague).waitFor();
    await page.getByText(`2 users of ${freeMaxUsers}`).waitFor();
    await screenshot(page, 'settings-users-colleague-view');

    await page.goto(`${baseUrl}/accounts`);
    await page.getByRole('button', { name: /^Switch to / }).click();
    await expect.poll(() => currentAccountId(browser)).not.toBe(ownerAccountId);
    // The marker moved: the owner's account is now the one to switch to.
    await expect.poll(() => page.getByRole('button', { name: /^Switch to / }).count()).toBe(1);
    await logOutFromMenu(page, colleague);
  });

  it('the owner removes the colleague, who then has only their own account', async () => {
    const { page, baseUrl } = browser;
    await logIn(page, baseUrl, owner);
    await openUsersTab(page, baseUrl);
    await page.getByText('No pending invites.').waitFor();
    await page.getByRole('button', { name: `Remove ${colleague}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove user' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`1 user of ${freeMaxUsers}`).waitFor();
    expect(await page.getByRole('table', { name: 'Users' }).getByText(colleague).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Invite User' }).isEnabled()).toBe(true);
    await screenshot(page, 'settings-users-removed');
    await logOutFromMenu(page, owner);

    await logIn(page, baseUrl, colleague);
    await page.getByRole('button', { name: `User menu for ${colleague}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Switch Account' }).count()).toBe(0);
  });

  it('a newcomer who follows an invitation link signs up with the e-mail filled in and lands in the inviting account', async () => {
    const { page, baseUrl } = browser;
    const newcomer = uniqueEmail('newcomer');
    await page.keyboard.press('Escape');
    await logOutFromMenu(page, colleague);
    await logIn(page, baseUrl, owner);
    await openUsersTab(page, baseUrl);
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(newcomer);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).press('Enter');
    const link = await dialog.getByRole('textbox', { name: `Invitation link for ${newcomer}` }).inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await logOutFromMenu(page, owner);

    const sent = new URL(link);
    await page.goto(`${baseUrl}${sent.pathname}${sent.search}`);
    await page.getByText(messages.invitedTo(owner, newcomer)).waitFor();
    const form = page.getByRole('form', { name: 'Sign Up' });
    expect(await form.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(newcomer);
    await screenshot(page, 'invite-signup');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText(`${owner} · Free`).waitFor();
    expect(await currentAccountId(browser)).toBe(ownerAccountId);
    await screenshot(page, 'invite-landed');

    // The link is used up: following it again says so, and the form starts empty.
    await logOutFromMenu(page, newcomer);
    await page.goto(`${baseUrl}${sent.pathname}${sent.search}`);
    await page.getByText(messages.inviteLinkInvalid).waitFor();
    expect(await form.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe('');
  });
});
