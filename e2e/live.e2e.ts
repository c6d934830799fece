import type { Page, Request } from 'playwright-core';
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

/** A change made by a user through the API, with their session cookie (as a script would); the new object's id. */
async function apiPost(browser: Browser, path: string, data: unknown): Promise<string> {
  const response = await browser.context.request.post(`${browser.baseUrl}${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  const created: unknown = await response.json();
  return typeof created === 'object' && created !== null && 'id' in created ? String(created.id) : '';
}

/** The API requests a page makes from now on (method, path and query), its event stream left out. */
function recordApiRequests(page: Page): { made: () => string[]; stop: () => void } {
  const made: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.endsWith('/events')) {
      made.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  };
  page.on('request', listener);
  return { made: () => [...made], stop: () => page.off('request', listener) };
}

/** The paths (query left out) of recorded requests, each once. */
function pathsOf(requests: readonly string[]): string[] {
  return [...new Set(requests.map((request) => request.split('?')[0] ?? ''))];
}

/** Shows a subnet's IP view through the app's links (no reload), once its address list has settled. */
async function showSubnet(page: Page, name: string, cidr: string, firstIp: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'IPs' }).click();
  await page.getByRole('button', { name: `Subnet ${name} ${cidr}` }).click();
  await page.getByRole('heading', { name: `IP Addresses for Subnet: ${name}` }).waitFor();
  await addressRow(page, firstIp).waitFor();
  await page.waitForTimeout(500);
}

function addressRow(page: Page, ip: string) {
  return page.getByRole('table', { name: 'IP Addresses' }).locator(`[role=row][data-ip="${ip}"]`);
}

/** Long enough for an event to reach a page and its refetch (after the 200 ms pause) to be sent. */
const settleMs = 1_000;

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

  it("an address edit refetches only that subnet's list on the other page, and once on the editor's", async () => {
    const base = `/api/accounts/${accountId}`;
    // In the group an earlier test made: the Dashboard's Total Groups stays as the next tests expect.
    const groups = await owner.context.request.get(`${owner.baseUrl}${base}/groups`);
    const { items } = (await groups.json()) as { items: { id: string; name: string }[] };
    const groupId = items.find((group) => group.name === 'Datacentre')?.id;
    expect(groupId).toBeDefined();
    const subnet = (name: string, networkIP: string) =>
      apiPost(owner, `${base}/subnets`, { name, vlanId: 1, groupId, networkIP, bits: 29 });
    const subnetA = await subnet('Live A', '10.20.0.0');
    const subnetB = await subnet('Live B', '10.21.0.0');
    const addressesOf = (subnetId: string) => `GET ${base}/subnets/${subnetId}/addresses`;
    const setAddress = async (subnetId: string, ip: string, hostname: string) => {
      const response = await owner.context.request.put(
        `${owner.baseUrl}${base}/subnets/${subnetId}/addresses/${ip}`,
        {
          data: { status: 'In Use', hostname },
        },
      );
      expect(response.status(), await response.text()).toBe(200);
    };

    // Both look at subnet A; the owner edits one of its addresses in the Edit IP Address dialog.
    await showSubnet(colleague.page, 'Live A', '10.20.0.0/29', '10.20.0.1');
    await showSubnet(owner.page, 'Live A', '10.20.0.0/29', '10.20.0.1');
    await colleague.page.getByText('0% Used').waitFor();
    const seen = recordApiRequests(colleague.page);
    const sent = recordApiRequests(owner.page);
    await addressRow(owner.page, '10.20.0.5').getByRole('button', { name: 'Edit 10.20.0.5' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Edit IP Address' });
    await dialog.getByRole('textbox', { name: 'Hostname' }).fill('live-host');
    await dialog.getByRole('combobox', { name: 'Status', exact: true }).click();
    await owner.page.getByRole('option', { name: 'In Use' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await addressRow(colleague.page, '10.20.0.5').getByText('live-host').waitFor({ timeout: 5_000 });
    await colleague.page.getByText('17% Used').waitFor();
    await colleague.page.waitForTimeout(settleMs);
    seen.stop();
    sent.stop();
    // The colleague's page re-read the list of subnet A (it carries the used count), once, and nothing else:
    // not the subnets, groups or approvals it also shows.
    expect(pathsOf(seen.made())).toEqual([addressesOf(subnetA)]);
    expect(seen.made()).toHaveLength(1);
    // The editor's page saved and re-read the list once: its mutation refreshed, its own event did not again.
    expect(sent.made().map((request) => request.split('?')[0])).toEqual([
      `PUT ${base}/subnets/${subnetA}/addresses/10.20.0.5`,
      addressesOf(subnetA),
    ]);

    // Looking at subnet B, the colleague's page ignores a change in subnet A and re-reads B's list for B's.
    await showSubnet(colleague.page, 'Live B', '10.21.0.0/29', '10.21.0.1');
    const onB = recordApiRequests(colleague.page);
    await setAddress(subnetA, '10.20.0.6', 'not-shown');
    await setAddress(subnetB, '10.21.0.6', 'shown-on-b');
    await addressRow(colleague.page, '10.21.0.6').getByText('shown-on-b').waitFor({ timeout: 5_000 });
    await colleague.page.waitForTimeout(settleMs);
    onB.stop();
    expect(pathsOf(onB.made())).toEqual([addressesOf(subnetB)]);
    expect(onB.made()).toHaveLength(1);

    // On the Dashboard, an address change re-reads the dashboard only.
    const loaded = colleague.page.waitForResponse((r) => r.url().endsWith(`${base}/dashboard`));
    await colleague.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await loaded;
    await colleague.page.waitForTimeout(500);
    const onDashboard = recordApiRequests(colleague.page);
    const refreshed = colleague.page.waitForResponse((r) => r.url().endsWith(`${base}/dashboard`));
    await setAddress(subnetA, '10.20.0.2', 'on-dashboard');
    await refreshed;
    await colleague.page.waitForTimeout(settleMs);
    onDashboard.stop();
    expect(onDashboard.made()).toEqual([`GET ${base}/dashboard`]);
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
