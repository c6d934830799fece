/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { join } from 'node:path';
import { type Browser, openBrowser, uniqueEmail } from './support/browser.js';
import { callApi, currentAccountId, idOf } from './support/planner-api.js';
import { type AppServer, artifactsDir, startServer } from './support/server.js';

const fullHd = { width: 1920, height: 1080 };

/** Written before the page opens: hostnames out of address order, so a sort by hostname moves them. */
const hostnames: Record<string, string> = {
  '192.168.1.2': 'web-b',
  '192.168.1.3': 'DB-a',
  '192.168.1.5': 'zeta',
  '192.168.1.7': 'alpha',
  '192.168.1.8': 'Mail',
  '192.168.1.10': 'proxy',
};

function table(page: Page): Locator {
  return page.getByRole('table', { name: 'IP Addresses' });
}

function addressRow(page: Page, ip: string): Locator {
  return table(page).locator(`[role=row][data-ip="${ip}"]`);
}

/** The addresses of the rows wholly inside the table's scrolled area, top to bottom. */
function rowsInView(page: Page): Promise<string[]> {
  return page.getByTestId('address-viewport').evaluate((viewport) => {
    const box = viewport.getBoundingClientRect();
    const rows = [...viewport.querySelectorAll<HTMLElement>('[role=row][data-ip]')]
      .map((row) => ({ row, rect: row.getBoundingClientRect() }))
      .filter(({ rect }) => rect.top >= box.top - 0.5 && rect.bottom <= box.bottom + 0.5)
      .sort((a, b) => a.rect.top - b.rect.top);
    return rows.map(({ row }) => row.dataset.ip ?? '');
  });
}

/** Whether the table's bottom edge is on screen (the rows counted are not below the fold). */
function isTableInWindow(page: Page): Promise<boolean> {
  return table(page).evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight);
}

/**
 * The window as a user sees it (not the full page: its capture resizes the window, and the table,
 * which fills the window's height, would be photographed mid-redraw).
 */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

function checkbox(page: Page, ip: string): Locator {
  return addressRow(page, ip).getByRole('checkbox', { name: `Select ${ip}` });
}

describe('the address table: compact rows, sorting, selection and bulk changes', () => {
  let server: AppServer;
  let browser: Browser;
  const owner = uniqueEmail('table-owner');
  let accountId = '';
  let subnetId = '';

  beforeAll(async () => {
    server = await startServer({ logName: 'address-table-server' });
    browser = await openBrowser(fullHd, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('fits at least 25 rows at 1920×1080 in compact density, and remembers the choice', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, owner);
    accountId = await currentAccountId(page);
    const base = `/api/accounts/${accountId}`;
    const groupId = idOf(await callApi(page, 'POST', `${base}/groups`, { name: 'Office' }));
    subnetId = idOf(
      await callApi(page, 'POST', `${base}/subnets`, {
        name: 'Office LAN',
        vlanId: 10,
        groupId,
        networkIP: '192.168.1.0',
        bits: 24,
      }),
    );
    for (const [ip, hostname] of Object.entries(hostnames)) {
      const answer = await callApi(page, 'PUT', `${base}/subnets/${subnetId}/addresses/${ip}`, {
        status: 'In Use',
        hostname,
      });
      expect(answer.status).toBe(200);
    }
    await page.goto(`${baseUrl}/ips?subnet=${subnetId}`);
    await addressRow(page, '192.168.1.1').waitFor();
    const comfortable = await rowsInView(page);
    expect(comfortable.length).toBeLessThan(25);

    // Mantine's segmented control draws its radios as labels.
    await page.getByText('Compact', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Compact' }).isChecked()).toBe(true);
    await expect.poll(async () => (await rowsInView(page)).length).toBeGreaterThanOrEqual(25);
    expect(await isTableInWindow(page)).toBe(true);
    expect(await table(page).getAttribute('data-density')).toBe('compact');
    await screenshot(page, 'address-table-compact');

    await page.reload();
    await addressRow(page, '192.168.1.1').waitFor();
    expect(await table(page).getAttribute('data-density')).toBe('compact');
    expect((await rowsInView(page)).length).toBeGreaterThanOrEqual(25);
  });

  it('sorts by hostname on the server: named hosts A–Z, the rest after them in address order', async () => {
    const { page } = browser;
    const header = table(page).getByRole('columnheader', { name: 'Hostname' });
    await header.getByRole('button', { name: 'Hostname' }).click();
    await expect
      .poll(async () => (await rowsInView(page)).slice(0, 8))
      .toEqual([
        '192.168.1.7', // alpha
        '192.168.1.3', // DB-a
        '192.168.1.8', // Mail
        '192.168.1.10', // proxy
        '192.168.1.2', // web-b
        '192.168.1.5', // zeta
        '192.168.1.1',
        '192.168.1.4',
      ]);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    expect(page.url()).toContain('sort=hostname');

    await header.getByRole('button', { name: 'Hostname' }).click();
    await expect
      .poll(async () => (await rowsInView(page)).slice(0, 3))
      .toEqual([
        '192.168.1.5', // zeta
        '192.168.1.2', // web-b
        '192.168.1.10', // proxy
      ]);
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    await header.getByRole('button', { name: 'Hostname' }).click();
    await expect.poll(async () => (await rowsInView(page))[0]).toBe('192.168.1.7');
  });

  it('selects with a click and a Shift-click range, and sets the status after a confirmation naming the count', async () => {
    const { page } = browser;
    // In hostname order: DB-a (row 2) to 192.168.1.6 (row 9), eight rows.
    await checkbox(page, '192.168.1.3').click();
    await page.getByTestId('selected-count').getByText('1 address selected').waitFor();
    await checkbox(page, '192.168.1.6').click({ modifiers: ['Shift'] });
    await page.getByTestId('selected-count').getByText('8 addresses selected').waitFor();
    const selected = ['192.168.1.3', '192.168.1.8', '192.168.1.10', '192.168.1.2', '192.168.1.5'];
    for (const ip of [...selected, '192.168.1.1', '192.168.1.4', '192.168.1.6']) {
      expect(await checkbox(page, ip).isChecked(), ip).toBe(true);
    }
    expect(await checkbox(page, '192.168.1.7').isChecked()).toBe(false);
    expect(await checkbox(page, '192.168.1.9').isChecked()).toBe(false);
    await screenshot(page, 'address-table-compact-sorted-selection');

    await page.getByRole('button', { name: 'Set status' }).click();
    await page.getByRole('menuitem', { name: 'Reserved' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set status' });
    expect(await dialog.getByTestId('bulk-question').textContent()).toBe(
      'Set the status of 8 addresses to Reserved?',
    );
    await screenshot(page, 'address-table-bulk-confirm');
    await dialog.getByRole('button', { name: 'Set status of 8 addresses' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('8 addresses set to Reserved.').waitFor();
    for (const ip of ['192.168.1.3', '192.168.1.1', '192.168.1.6']) {
      await addressRow(page, ip).getByText('Reserved').waitFor();
    }
    await addressRow(page, '192.168.1.7').getByText('In Use').waitFor();
    await page.getByTestId('used-percent').getByText('4% Used').waitFor();
    // The selection is cleared once the change is done (rows may have left the filter).
    await expect.poll(() => page.getByTestId('selected-count').count()).toBe(0);
  });

  it('selects every matching address, and over 4,096 matches says so instead of truncating', async () => {
    const { page, baseUrl } = browser;
    await page.getByRole('button', { name: 'Show In Use' }).click();
    await expect.poll(async () => (await rowsInView(page)).length).toBe(1);
    await table(page).getByRole('checkbox', { name: 'Select all matching addresses' }).click();
    await page.getByText('All 1 matching address selected').waitFor();
    await page.getByRole('button', { name: 'Description' }).click();
    const dialog = page.getByRole('dialog', { name: 'Description' });
    await dialog.getByRole('button', { name: 'Clear description of 1 address' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Description' }).fill('core router');
    await dialog.getByRole('button', { name: 'Set description of 1 address' }).click();
    await page.getByText('Description written on 1 address.').waitFor();
    await addressRow(page, '192.168.1.7').getByText('core router').waitFor();

    expect((await server.cli(['admin', 'set-tier', owner, '1'])).code).toBe(0);
    const groupId = idOf(
      await callApi(page, 'POST', `/api/accounts/${accountId}/groups`, { name: 'Campus' }),
    );
    const campus = idOf(
      await callApi(page, 'POST', `/api/accounts/${accountId}/subnets`, {
        name: 'Campus',
        vlanId: 20,
        groupId,
        networkIP: '10.20.0.0',
        bits: 16,
      }),
    );
    await page.goto(`${baseUrl}/ips?subnet=${campus}`);
    await addressRow(page, '10.20.0.1').waitFor();
    await table(page).getByRole('checkbox', { name: 'Select all matching addresses' }).click();
    await page
      .getByRole('status')
      .getByText('65,534 addresses match: one bulk change takes at most 4,096.', { exact: false })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Set status' }).isDisabled()).toBe(true);
    expect(await checkbox(page, '10.20.0.1').isChecked()).toBe(false);
    await screenshot(page, 'address-table-over-limit');
  });

  it('keeps the selection line inside a laptop screen and a 1024 px one', async () => {
    const { page } = browser;
    await checkbox(page, '10.20.0.2').click();
    await checkbox(page, '10.20.0.6').click({ modifiers: ['Shift'] });
    await page.getByText('5 addresses selected').waitFor();
    for (const size of [
      { width: 1366, height: 800 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(size);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      const bar = page.getByTestId('bulk-bar');
      expect(await bar.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(
        await table(page).evaluate((element) => element.scrollWidth - element.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `address-table-selection-${size.width}`);
    }
  });
});
