import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardValue, password, signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';

// Live updates: what one user changes appears on another user's open page without a reload, also
// after the server restarts. This file runs its own server, since it restarts it.

interface Me {
  currentAccountId: string;
  accounts: { id: string }[];
}

async function me(browser: Browser): Promise<Me> {
  const response = await browser.context.request.get(`${browser.baseUrl}/api/auth/me`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/** A change made by a user through the API, with their session cookie (as a script would). */
async function apiPost(browser: Browser, path: string, data: unknown): Promise<void> {
  const response = await browser.context.request.post(`${browser.baseUrl}${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
}

/** Marks the page so that a reload (which drops the mark) is detected. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate('window.__ipamNoReload = true');
}
async function isSamePage(page: Page): Promise<boolean> {
  return (await page.evaluate('window.__ipamNoReload === true')) === true;
}

describe('live updates between two users of one account', () => {
  let server: AppServer;
  let owner: Browser;
  let colleague: Browser;
  const ownerEmail = uniqueEmail('live-owner');
  const colleagueEmail = uniqueEmail('live-colleague');
  let accountId = '';

  beforeAll(async () => {
    server = await startServer({ logName: 'server-live' });
    owner = await openBrowser(undefined, server.baseUrl);
    colleague = await openBrowser(undefined, server.baseUrl);
    await signUp(owner.page, owner.baseUrl, ownerEmail);
    accountId = (await me(owner)).currentAccountId;
    // Basic tier (five seats), so there is room to invite more than the colleague.
    const setTier = await server.cli(['admin', 'set-tier', accountId, '1']);
    expect(setTier.code, setTier.output).toBe(0);
    await apiPost(owner, `/api/accounts/${accountId}/invites`, { email: colleagueEmail });
    await signUp(colleague.page, colleague.baseUrl, colleagueEmail);
    // The colleague works in the owner's account.
    const switched = await colleague.context.request.put(`${colleague.baseUrl}/api/auth/current-account`, {
      data: { accountId },
    });
    expect(switched.status()).toBe(200);
  });
  afterAll(async () => {
    await owner?.close();
    await colleague?.close();
    await server?.stop();
  });

  it("an invite sent by the owner appears on the colleague's open Users tab", async () => {
    const { page, baseUrl } = colleague;
    await page.goto(`${baseUrl}/settings?tab=users`);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users' }).getByText(ownerEmail).waitFor();
    await page.getByText('No pending invites.').waitFor();
    await page.getByText('2 users of 5').waitFor();
    await markPage(page);

    const invitee = uniqueEmail('live-invitee');
    await apiPost(owner, `/api/accounts/${accountId}/invites`, { email: invitee });
    await page.getByRole('table', { name: 'Pending Invites' }).getByText(invitee).waitFor({ timeout: 5_000 });
    expect(await isSamePage(page)).toBe(true);
    await screenshot(page, 'live-settings-invite');

    // And its removal disappears the same way.
    const invites = await owner.context.request.get(`${owner.baseUrl}/api/accounts/${accountId}/invites`);
    const items = ((await invites.json()) as { items: { id: string; email: string }[] }).items;
    const invite = items.find((i) => i.email === invitee);
    expect(invite).toBeDefined();
    const deleted = await owner.context.request.delete(
      `${owner.baseUrl}/api/accounts/${accountId}/invites/${invite?.id ?? ''}`,
      { data: {} },
    );
    expect(deleted.ok()).toBe(true);
    await page.getByText('No pending invites.').waitFor({ timeout: 5_000 });
    expect(await isSamePage(page)).toBe(true);
  });

  it('an invitee who signs up moves from Pending Invites to Users on the open tab', async () => {
    const { page } = colleague;
    const newcomer = uniqueEmail('live-newcomer');
    await apiPost(owner, `/api/accounts/${accountId}/invites`, { email: newcomer });
    await page
      .getByRole('table', { name: 'Pending Invites' })
      .getByText(newcomer)
      .waitFor({ timeout: 5_000 });
    await markPage(page);

    // The newcomer registers from somewhere else (no browser session of this test involved).
    const signedUp = await fetch(`${server.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: newcomer, password }),
    });
    expect(signedUp.status).toBe(201);
    await page.getByRole('table', { name: 'Users' }).getByText(newcomer).waitFor({ timeout: 5_000 });
    await page.getByText('No pending invites.').waitFor({ timeout: 5_000 });
    await page.getByText('3 users of 5').waitFor();
    expect(await isSamePage(page)).toBe(true);
    await screenshot(page, 'live-settings-invitee-joined');
  });

  it("a group created by the owner raises Total Groups on the colleague's open Dashboard", async () => {
    const { page } = colleague;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => cardValue(page, 'Total Groups')).toBe(0);
    await markPage(page);

    await apiPost(owner, `/api/accounts/${accountId}/groups`, { name: 'Datacentre' });
    await expect.poll(() => cardValue(page, 'Total Groups'), { timeout: 5_000 }).toBe(1);
    expect(await isSamePage(page)).toBe(true);
    await screenshot(page, 'live-dashboard');
  });

  it('keeps updating after the server restarts', async () => {
    const { page } = colleague;
    const reconnected = page.waitForResponse(
      (r) => r.url().endsWith(`/api/accounts/${accountId}/events`) && r.status() === 200,
      { timeout: 60_000 },
    );
    await server.restart();
    // Made while the colleague's stream may still be reconnecting: the reconnect refreshes everything.
    await apiPost(owner, `/api/accounts/${accountId}/groups`, { name: 'Branch office' });
    await reconnected;
    await expect.poll(() => cardValue(page, 'Total Groups'), { timeout: 10_000 }).toBe(2);
    // And the new stream delivers events again.
    await apiPost(owner, `/api/accounts/${accountId}/groups`, { name: 'Lab' });
    await expect.poll(() => cardValue(page, 'Total Groups'), { timeout: 5_000 }).toBe(3);
    expect(await isSamePage(page)).toBe(true);
  });

  it('removing the colleague moves their open app to their own account, without a reload', async () => {
    const { page } = colleague;
    const colleagueId = await (async () => {
      const response = await owner.context.request.get(`${owner.baseUrl}/api/accounts/${accountId}/users`);
      const users = ((await response.json()) as { items: { id: string; email: string }[] }).items;
      const found = users.find((u) => u.email === colleagueEmail);
      expect(found).toBeDefined();
      return found?.id ?? '';
    })();
    const removed = await owner.context.request.delete(
      `${owner.baseUrl}/api/accounts/${accountId}/users/${colleagueId}`,
      { data: {} },
    );
    expect(removed.status()).toBe(204);
    // The colleague's own free account has no groups.
    await expect.poll(() => cardValue(page, 'Total Groups'), { timeout: 15_000 }).toBe(0);
    await page.getByText(`${colleagueEmail} · Free`).waitFor();
    expect(await isSamePage(page)).toBe(true);
    await page.getByRole('button', { name: `User menu for ${colleagueEmail}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Switch Account' }).count()).toBe(0);
  });
});
