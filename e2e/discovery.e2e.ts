/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { callApi, currentAccountId, idOf } from './support/planner-api.js';
import { registerScanner, silent, type ScannerAgent } from './support/scan-report.js';
import { type AppServer, startServer } from './support/server.js';

// Issue 33, discovery records: what a scanner saw of each address (MAC, last seen, by which scanner)
// shows in the IP view in columns a person can hide, and each subnet lists its scans.

const wide = { width: 1920, height: 1080 };

function addressRow(page: Page, ip: string): Locator {
  return page.getByRole('table', { name: 'IP Addresses' }).locator(`[role=row][data-ip="${ip}"]`);
}

describe('discovery records in the IP view', () => {
  let server: AppServer;
  let browser: Browser;
  let agent: ScannerAgent;
  let subnetId = '';

  beforeAll(async () => {
    server = await startServer({ logName: 'discovery-server' });
    browser = await openBrowser(wide, server.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the MAC and last seen a scan reported, and hides those columns on request', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, uniqueEmail('discovery'));
    const accountId = await currentAccountId(page);
    const setTier = await server.cli(['admin', 'set-tier', accountId, '1']);
    expect(setTier.code, setTier.output).toBe(0);
    const base = `/api/accounts/${accountId}`;
    const groupId = idOf(await callApi(page, 'POST', `${base}/groups`, { name: 'Office' }));
    subnetId = idOf(
      await callApi(page, 'POST', `${base}/subnets`, {
        name: 'Office LAN',
        vlanId: 10,
        groupId,
        networkIP: '192.168.7.0',
        bits: 28,
        scanningType: 'auto',
        scanFrequency: 24,
      }),
    );
    agent = await registerScanner(page.request, baseUrl, [subnetId]);
    await agent.report(subnetId, [
      { ipAddress: '192.168.7.2', alive: true, hostname: 'printer.lab', mac: 'AA-BB-CC-00-00-02' },
      { ipAddress: '192.168.7.3', alive: true, mac: 'aabb.cc00.0003' },
      { ipAddress: '192.168.7.4', alive: true },
      silent('192.168.7.5'),
    ]);
    await page.goto(`${baseUrl}/ips?subnet=${subnetId}`);
    const row = addressRow(page, '192.168.7.2');
    await row.waitFor();
    await expect.poll(() => row.locator('[data-column=mac]').textContent()).toBe('aa:bb:cc:00:00:02');
    expect(await addressRow(page, '192.168.7.3').locator('[data-column=mac]').textContent()).toBe(
      'aa:bb:cc:00:00:03',
    );
    expect(await row.locator('[data-column=lastSeen]').textContent()).not.toBe('');
    expect(await addressRow(page, '192.168.7.5').locator('[data-column=lastSeen]').textContent()).toBe('');
    expect(await page.getByRole('columnheader', { name: 'MAC' }).isVisible()).toBe(true);
    await screenshot(page, 'discovery-ip-view');

    await page.getByRole('switch', { name: 'MAC and last seen' }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'MAC' }).isVisible()).toBe(false);
    expect(await row.locator('[data-column=mac]').isVisible()).toBe(false);
    // Remembered in this browser.
    await page.reload();
    await addressRow(page, '192.168.7.2').waitFor();
    expect(await page.getByRole('columnheader', { name: 'MAC' }).isVisible()).toBe(false);
    await page.getByRole('switch', { name: 'MAC and last seen' }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'MAC' }).isVisible()).toBe(true);

    // The header says when it was last scanned and by whom it is covered; the history lists the scan.
    const status = page.getByTestId('scan-status');
    expect(await status.textContent()).toMatch(/^Last scanned .* · covered by E2E scanner · Scan history$/);
    await status.getByRole('button', { name: 'Scan history' }).click();
    const runs = page.getByRole('table', { name: 'Scan history' });
    await runs.waitFor();
    expect(await runs.locator('tbody tr').count()).toBe(1);
    expect(await runs.locator('tbody tr td').allTextContents()).toEqual([
      expect.any(String),
      'E2E scanner',
      'icmp',
      '3 of 4',
      '3 written',
      expect.stringMatching(/ s$/),
    ]);
    await screenshot(page, 'discovery-scan-history');
    await page.keyboard.press('Escape');
    await runs.waitFor({ state: 'detached' });

    // A scanner has the subnet, so Scan Now is taken.
    await page.getByRole('button', { name: 'Scan Now' }).click();
    const initiated = page.getByText('Scan initiated!');
    await initiated.waitFor();
    await screenshot(page, 'ips-scan-initiated');
    await initiated.waitFor({ state: 'detached', timeout: 6_000 });
  }, 90_000);

  it('marks a MAC change, and stale addresses once the subnet marks them', async () => {
    const { page, baseUrl } = browser;
    // The printer answers with another MAC: the row says so, with the MAC it had.
    await agent.report(subnetId, [{ ipAddress: '192.168.7.2', alive: true, mac: 'aa:bb:cc:00:00:09' }]);
    await page.goto(`${baseUrl}/ips?subnet=${subnetId}`);
    const macCell = addressRow(page, '192.168.7.2').locator('[data-column=mac]');
    // The mark's title tells the MAC it had.
    const mark = macCell.getByRole('img', { name: 'MAC changed' });
    await mark.waitFor();
    expect(await mark.getAttribute('title')).toMatch(/^MAC changed: was aa:bb:cc:00:00:02 until /);
    expect(await macCell.textContent()).toBe('aa:bb:cc:00:00:09');

    // "Stale after" is off: no Stale filter. A value that is no whole number of days is refused as typed.
    expect(await page.getByRole('button', { name: 'Show Stale' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit Subnet', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Subnet' });
    const staleAfter = dialog.getByRole('textbox', { name: 'Stale after (days)' });
    await staleAfter.fill('1.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(messages.staleAfterDaysInvalid).waitFor();
    expect(await staleAfter.inputValue()).toBe('1.5');
    await staleAfter.fill('30');
    await screenshot(page, 'discovery-stale-after');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Nothing is stale yet: every address was seen today.
    await page.getByRole('button', { name: 'Show Stale' }).click();
    await page
      .getByText('No stale addresses: every address a scanner found was seen within the last 30 days.')
      .waitFor();
    expect(
      await page.getByRole('table', { name: 'IP Addresses' }).locator('[role=row][data-ip]').count(),
    ).toBe(0);

    // Forty days on (the browser's clock), the seen addresses are marked Stale; a never-seen one is not.
    await page.clock.setFixedTime(Date.now() + 40 * 24 * 60 * 60 * 1000);
    await page.goto(`${baseUrl}/ips?subnet=${subnetId}`);
    const printer = addressRow(page, '192.168.7.2');
    await printer.locator('[data-column=lastSeen]').getByRole('img', { name: 'Stale' }).waitFor();
    expect(await addressRow(page, '192.168.7.5').locator('[data-column=lastSeen]').textContent()).toBe('');
    await screenshot(page, 'discovery-stale-and-mac-changed');
  }, 90_000);
});
