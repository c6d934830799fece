/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { callApi, currentAccountId, idOf } from './support/planner-api.js';
import { registerScanner, silent, type ScannerAgent } from './support/scan-report.js';
import { type AppServer, startServer } from './support/server.js';

// Issue 33, approvals a person can trust: each pending entry shows, field by field, the value now and
// what Confirm writes, and an ignored finding stays ignored across scans that see the same.

const wide = { width: 1920, height: 1080 };
const CAMERA = { ipAddress: '192.168.9.4', alive: true, hostname: 'cam.lan', mac: 'aa:bb:cc:00:00:04' };

describe('pending approvals with the per-field diff', () => {
  let server: AppServer;
  let browser: Browser;
  let agent: ScannerAgent;
  let subnetId = '';

  beforeAll(async () => {
    server = await startServer({ logName: 'approvals-server' });
    browser = await openBrowser(wide, server.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows per field what Confirm writes, and Ignore holds across two scans', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, uniqueEmail('approvals'));
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
        networkIP: '192.168.9.0',
        bits: 28,
        scanningType: 'approval',
        scanFrequency: 24,
      }),
    );
    const put = (ip: string, status: string, hostname: string) =>
      callApi(page, 'PUT', `${base}/subnets/${subnetId}/addresses/${ip}`, {
        status,
        hostname,
        description: '',
        allowScannerUpdate: true,
      });
    await put('192.168.9.2', 'In Use', 'old-box');
    await put('192.168.9.3', 'Available', 'typed-by-hand');
    agent = await registerScanner(page.request, baseUrl, [subnetId]);
    const scan = () =>
      agent.report(subnetId, [
        silent('192.168.9.2'),
        { ipAddress: '192.168.9.3', alive: true, mac: 'aa:bb:cc:00:00:03' },
        CAMERA,
      ]);
    await scan();

    await page.goto(`${baseUrl}/ips?subnet=${subnetId}`);
    const pendingButton = page.getByRole('button', { name: /Pending Approvals/ });
    await expect.poll(() => pendingButton.textContent()).toBe('Pending Approvals3');
    await pendingButton.click();
    const dialog = page.getByRole('dialog', { name: 'Pending Approvals' });
    const writes = (ip: string) => dialog.getByLabel(`What Confirm writes to ${ip}`);
    await writes('192.168.9.2').waitFor();
    expect(await writes('192.168.9.2').innerText()).toMatch(
      /^Status: In Use → Available\n+Hostname: old-box → erased\n+Silent .* · E2E scanner$/,
    );
    // The scan saw no name: the hand-typed one is not in the entry, so Confirm keeps it.
    expect(await writes('192.168.9.3').innerText()).toMatch(
      /^Status: Available → In Use\n+MAC: aa:bb:cc:00:00:03 \(unchanged\)\n+Answered .* · E2E scanner$/,
    );
    expect(await writes('192.168.9.4').innerText()).toMatch(
      /^Status: Available → In Use\n+Hostname: \(none\) → cam.lan\n+MAC: aa:bb:cc:00:00:04 \(unchanged\)\n+/,
    );
    await screenshot(page, 'pending-approvals-diff');

    await dialog.getByRole('button', { name: 'Confirm 192.168.9.3' }).click();
    await dialog.getByRole('button', { name: 'Ignore 192.168.9.4' }).click();
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Two more scans see the same: the ignored camera does not come back.
    await scan();
    await scan();
    await page.reload();
    await expect.poll(() => pendingButton.textContent()).toBe('Pending Approvals1');
    await pendingButton.click();
    await writes('192.168.9.2').waitFor();
    expect(await writes('192.168.9.4').count()).toBe(0);
    const typed = await callApi(page, 'GET', `${base}/subnets/${subnetId}/addresses/192.168.9.3`);
    expect(typed.body).toMatchObject({ status: 'In Use', hostname: 'typed-by-hand' });
  });
});
