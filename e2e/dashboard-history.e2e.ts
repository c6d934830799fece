/// <reference lib="dom" />
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardValue, signUp } from './support/app.js';
import { type Browser, laptop, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { join } from 'node:path';
import { answering, registerScanner } from './support/scan-report.js';
import { type AppServer, artifactsDir, startServer } from './support/server.js';

/** A JSON call of the signed-in browser's session; answers the parsed body after checking the status. */
async function call(
  request: APIRequestContext,
  url: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  body?: unknown,
  status = method === 'POST' ? 201 : 200,
): Promise<Record<string, unknown>> {
  const response = await request.fetch(url, {
    method,
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as Record<string, unknown>;
}

const inUse = (hostname: string) => ({
  status: 'In Use',
  hostname,
  description: '',
  allowScannerUpdate: false,
});
const reserved = { status: 'Reserved', hostname: '', description: '', allowScannerUpdate: false };

async function accountIdOf(page: Page, baseUrl: string): Promise<string> {
  const me = (await (await page.context().request.get(`${baseUrl}/api/auth/me`)).json()) as {
    currentAccountId: string;
  };
  return me.currentAccountId;
}

function historyRows(page: Page) {
  return page.getByRole('table', { name: 'Change history' }).getByTestId('history-row');
}

describe('Dashboard and History', () => {
  let server: AppServer;
  let browser: Browser;
  const owner = uniqueEmail('dash-owner');
  let api: (
    path: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    body?: unknown,
    status?: number,
  ) => Promise<Record<string, unknown>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer({ logName: 'dashboard-history-server' });
    browser = await openBrowser(laptop, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('offers an empty account "Create your first group", which opens the group form', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, owner);
    const accountId = await accountIdOf(page, baseUrl);
    const request = page.context().request;
    api = (path, method, body, status) =>
      call(request, `${baseUrl}/api/accounts/${accountId}${path}`, method, body, status);
    expect(await cardValue(page, 'Total Groups')).toBe(0);
    const start = page.getByRole('link', { name: 'Create your first group' });
    await start.waitFor();
    await screenshot(page, 'dashboard-empty');

    await start.click();
    const dialog = page.getByRole('dialog', { name: 'Create New Group' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Headquarters');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The request is done: it leaves the URL, and the new group is in the tree.
    expect(new URL(page.url()).searchParams.get('create')).toBeNull();
    await page.getByText('Headquarters').first().waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => cardValue(page, 'Total Groups')).toBe(1);
    expect(await page.getByRole('link', { name: 'Create your first group' }).count()).toBe(0);
  });

  it('shows the figures of the data: cards, addresses by status, fullest subnets with warnings, approvals', async () => {
    const { page, baseUrl } = browser;
    expect((await server.cli(['admin', 'set-tier', owner, '1'])).code).toBe(0);
    const groups = (await api('/groups', 'GET')) as { items: { id: string; name: string }[] };
    const groupId = groups.items[0]?.id ?? '';
    const subnet = async (name: string, networkIP: string, bits: number) =>
      ((await api('/subnets', 'POST', { name, vlanId: 10, groupId, networkIP, bits })) as { id: string }).id;
    ids.small = await subnet('Branch', '10.20.0.0', 29); // 6 hosts
    ids.mid = await subnet('Servers', '10.20.1.0', 28); // 14 hosts
    ids.big = await subnet('Clients', '10.20.2.0', 24); // 254 hosts
    for (let i = 1; i <= 5; i++)
      await api(`/subnets/${ids.small}/addresses/10.20.0.${i}`, 'PUT', inUse(`br${i}`));
    for (let i = 1; i <= 10; i++)
      await api(`/subnets/${ids.mid}/addresses/10.20.1.${i}`, 'PUT', inUse(`srv${i}`));
    for (let i = 11; i <= 13; i++) await api(`/subnets/${ids.mid}/addresses/10.20.1.${i}`, 'PUT', reserved);
    await api(`/subnets/${ids.big}`, 'PATCH', { scanningType: 'approval', scanFrequency: 24 });
    const scanner = await registerScanner(page.context().request, baseUrl, [ids.big]);
    ids.scanner = scanner.id;
    await scanner.report(ids.big, [answering('10.20.2.50', 'laptop-7'), answering('10.20.2.51', 'phone-3')]);

    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => cardValue(page, 'Total Subnets')).toBe(3);
    expect(await cardValue(page, 'Total Groups')).toBe(1);
    expect(await cardValue(page, 'Max Networks')).toBe(10);

    const totals = page.getByTestId('address-totals-ipv4');
    expect(await totals.textContent()).toContain('IPv4 · 274 addresses in 3 subnets');
    expect(await totals.getByTestId('total-inUse').textContent()).toBe('In Use: 15');
    expect(await totals.getByTestId('total-reserved').textContent()).toBe('Reserved: 3');
    expect(await totals.getByTestId('total-available').textContent()).toBe('Available: 256');

    const fullest = page.getByLabel('Fullest subnets', { exact: true }).getByTestId('fullest-subnet');
    expect(await fullest.count()).toBe(3);
    expect(await fullest.nth(0).getByRole('link').textContent()).toBe('Servers');
    expect(await fullest.nth(0).getByTestId('subnet-used').textContent()).toBe('93% Used');
    expect(await fullest.nth(0).getByTestId('usage-warning').textContent()).toBe(
      'Very high utilization: 92.9% of usable host addresses are in use.',
    );
    expect(await fullest.nth(1).getByRole('link').textContent()).toBe('Branch');
    expect(await fullest.nth(1).getByTestId('subnet-used').textContent()).toBe('83% Used');
    expect(await fullest.nth(1).getByTestId('usage-warning').textContent()).toBe(
      'High utilization: 83.3% of usable host addresses are in use.',
    );
    expect(await fullest.nth(2).getByTestId('subnet-used').textContent()).toBe('0% Used');
    expect(await fullest.nth(2).getByTestId('usage-warning').count()).toBe(0);

    const approvals = page.getByLabel('Pending approvals', { exact: true });
    expect(await approvals.getByTestId('approvals-total').textContent()).toBe('2');
    const latest = page.getByLabel('Latest changes', { exact: true }).getByTestId('latest-change');
    expect(await latest.count()).toBe(8);
    // The newest change is the scan that found them, by the scanner.
    expect(await latest.first().textContent()).toContain('Scan of Clients finished');
    expect(await latest.first().textContent()).toContain('Sent for approval: 2');
    expect(await latest.first().textContent()).toContain('scanner E2E scanner');
    await screenshot(page, 'dashboard-figures');

    // Review opens the subnet with its Pending Approvals dialog.
    await approvals.getByRole('link', { name: 'Review 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pending Approvals' });
    await dialog.waitFor();
    expect(await dialog.getByText('10.20.2.50').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('subnet')).toBe(ids.big);
    expect(new URL(page.url()).searchParams.get('approvals')).toBeNull();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("shows a subnet's history after three edits, each with before → after, from the IP view's History button", async () => {
    const { page, baseUrl } = browser;
    const ip = '10.20.2.7';
    await api(`/subnets/${ids.big}/addresses/${ip}`, 'PUT', inUse('web01'));
    await api(`/subnets/${ids.big}/addresses/${ip}`, 'PUT', inUse('web02'));
    await api(`/subnets/${ids.big}/addresses/${ip}`, 'PUT', { ...inUse('web02'), description: 'Front door' });

    await page.goto(`${baseUrl}/ips?subnet=${ids.big}`);
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Clients' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`${baseUrl}/history?subnetId=${ids.big}`);
    await page.getByRole('heading', { name: 'History of Clients' }).waitFor();

    const rows = historyRows(page);
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    const edits = texts.filter((text) => text.includes(`Address ${ip} changed`));
    expect(edits).toHaveLength(3);
    // Newest first: the description, then the hostname, then the status and first hostname.
    expect(edits[0]).toContain('Description: (empty) → Front door');
    expect(edits[1]).toContain('Hostname: web01 → web02');
    expect(edits[2]).toContain('Status: Available → In Use');
    expect(edits[2]).toContain('Hostname: (empty) → web01');
    expect(edits[0]).toContain(owner);
    // Only this subnet: its creation, its scanning change, the scan and the three edits.
    expect(texts.every((text) => !text.includes('Servers') && !text.includes('Branch'))).toBe(true);
    expect(texts).toHaveLength(6);
    await screenshot(page, 'history-subnet');
  });

  it('tells each kind of change in the words of the forms, with names instead of ids', async () => {
    const { page, baseUrl } = browser;
    const branches = (await api('/groups', 'POST', { name: 'Branches' })) as { id: string };
    await api(`/subnets/${ids.small}`, 'PATCH', { groupId: branches.id });
    await api(`/scanners/${ids.scanner}`, 'PATCH', { subnets: [ids.big, ids.mid] });
    const pending = (await api(`/subnets/${ids.big}/approvals`, 'GET')) as {
      items: { id: string; ipAddress: string }[];
    };
    const approvalAt = (ip: string) => pending.items.find((item) => item.ipAddress === ip)?.id ?? '';
    await api(`/subnets/${ids.big}/approvals/${approvalAt('10.20.2.50')}/confirm`, 'POST', undefined, 200);
    await api(`/subnets/${ids.big}/approvals/${approvalAt('10.20.2.51')}/ignore`, 'POST', undefined, 200);
    const csv = 'ipAddress,status,hostname\n10.20.1.14,In Use,printer\n';
    const imported = await page
      .context()
      .request.fetch(
        `${baseUrl}/api/accounts/${await accountIdOf(page, baseUrl)}/subnets/${ids.mid}/addresses/import?dryRun=false`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          data: csv,
        },
      );
    expect(imported.status()).toBe(200);

    await page.goto(`${baseUrl}/history`);
    const rows = historyRows(page);
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    const row = (summary: string) => texts.find((text) => text.includes(summary)) ?? '';
    expect(row('Addresses imported into Servers')).toContain('Added: 1');
    expect(row('Approval for 10.20.2.51 ignored')).toContain('Hostname seen: phone-3');
    expect(row('Approval for 10.20.2.50 confirmed')).toContain('Recommended status: In Use');
    expect(row('Scanner E2E scanner changed')).toContain('Subnets: Clients → Clients, Servers');
    expect(row('Subnet Branch (10.20.0.0/29) changed')).toContain('Group: Headquarters → Branches');
    expect(row('Scan of Clients finished')).toContain('Addresses reported: 2');
    const scanning = row('Subnet Clients (10.20.2.0/24) changed');
    expect(scanning).toContain('Scanning: No Scanning → Approval');
    expect(scanning).toContain('Scan frequency: (none) → Every 24 hours');
    expect(row('Subnet Clients (10.20.2.0/24) created')).toContain('Group: Headquarters');
    // No raw codes, ids or ISO times anywhere.
    for (const text of texts) {
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
      expect(text).not.toMatch(/Bits:|Scan changed|Maxnetworks|: none\b/);
    }
    await page.screenshot({ path: join(artifactsDir, 'history-kinds.png') });
  });

  it('pages through the whole account history and narrows it to a person', async () => {
    const { page, baseUrl } = browser;
    // Past one page of 50.
    for (let i = 20; i < 50; i++)
      await api(`/subnets/${ids.big}/addresses/10.20.2.${i}`, 'PUT', inUse(`pc${i}`));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`${baseUrl}/history`);
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    await expect.poll(() => historyRows(page).count()).toBe(50);
    // What the screen shows first (the full page below runs to hundreds of rows).
    await page.screenshot({ path: join(artifactsDir, 'history-first-screen.png') });
    const all = (await api('/audit?limit=500', 'GET')) as { items: unknown[] };
    expect(all.items.length).toBeGreaterThan(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => historyRows(page).count()).toBe(all.items.length);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await page.getByTestId('history-count').textContent()).toBe(`${all.items.length} changes`);
    await screenshot(page, 'history');

    // The scan was made by no person: narrowing to the owner leaves it out.
    await page.getByRole('combobox', { name: 'Person' }).click();
    await page.getByRole('option', { name: owner }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('userId')).not.toBeNull();
    await expect.poll(() => historyRows(page).count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => historyRows(page).count()).toBe(all.items.length - 1);
    expect((await historyRows(page).allTextContents()).some((text) => text.includes('Scan of'))).toBe(false);
  });
});
