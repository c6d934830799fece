/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { callApi, currentAccountId, idOf } from './support/planner-api.js';
import { registerScanner, type ScannerAgent } from './support/scan-report.js';
import { type AppServer, startServer } from './support/server.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

// Issue 33, discovery alerts: a scan that finds a new host toasts it to the member watching the account
// and lists it under Recent alerts on the dashboard, linking to the address; webhooks offer the alert
// events; the Profile offers the daily digest when the server sends e-mail.

const wide = { width: 1600, height: 1000 };

describe('discovery alerts in the browser', () => {
  let smtp: SmtpSink;
  let server: AppServer;
  let browser: Browser;
  let agent: ScannerAgent;
  let subnetId = '';

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({ env: { SMTP_URL: smtp.url }, logName: 'alerts-server' });
    browser = await openBrowser(wide, server.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('toasts a new host the moment a scan reports it, and lists it on the dashboard', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, uniqueEmail('alerts'));
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
        networkIP: '10.0.0.0',
        bits: 28,
        scanningType: 'auto',
        scanFrequency: 24,
      }),
    );
    agent = await registerScanner(page.request, baseUrl, [subnetId]);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // No alerts yet: no card pretends there are.
    await page.getByLabel('Latest changes').waitFor();
    expect(await page.getByLabel('Recent alerts').count()).toBe(0);

    await agent.report(subnetId, [{ ipAddress: '10.0.0.5', alive: true, mac: 'aa:bb:cc:00:00:05' }]);
    const toast = page.getByTestId('alert-toast');
    await toast.waitFor();
    expect(await toast.textContent()).toBe('New host 10.0.0.5 in Office LAN (scanner E2E scanner)');
    const card = page.getByLabel('Recent alerts');
    await card.waitFor();
    const row = card.getByTestId('recent-alert');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('New host 10.0.0.5 in Office LAN (scanner E2E scanner)');
    await screenshot(page, 'alerts-toast-and-dashboard');

    // Another MAC on the same address: a second alert, toasted and listed first.
    await agent.report(subnetId, [{ ipAddress: '10.0.0.5', alive: true, mac: 'aa:bb:cc:00:00:99' }]);
    await page
      .getByTestId('alert-toast')
      .filter({ hasText: 'MAC changed on 10.0.0.5 in Office LAN' })
      .waitFor();
    await expect.poll(() => row.count()).toBe(2);
    expect(await row.first().textContent()).toContain(
      'MAC changed on 10.0.0.5 in Office LAN: aa:bb:cc:00:00:05 → aa:bb:cc:00:00:99',
    );

    // The alert opens the IP view at its address.
    await row.last().getByRole('link').click();
    await page.waitForURL(/\/ips\?subnet=.*&at=10\.0\.0\.5/);
    const current = page
      .getByRole('table', { name: 'IP Addresses' })
      .locator('[role=row][data-ip="10.0.0.5"][aria-current]');
    await current.waitFor();
  });

  it('offers the alert events in the webhook form', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings?tab=webhooks`);
    await page.getByRole('button', { name: '+ Webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Webhook' });
    for (const label of ['New host found', 'MAC address changed', 'Address went stale']) {
      await dialog.getByRole('checkbox', { name: label }).waitFor();
    }
    await screenshot(page, 'alerts-webhook-events');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('lets a member opt in to the daily digest on a server that sends e-mail', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/profile`);
    const digest = page.getByRole('switch', { name: 'E-mail me a daily digest of discovery alerts' });
    await digest.waitFor();
    expect(await digest.isChecked()).toBe(false);
    await digest.click();
    await expect.poll(() => digest.isChecked()).toBe(true);
    await page.reload();
    await digest.waitFor();
    expect(await digest.isChecked()).toBe(true);
    await screenshot(page, 'alerts-profile-digest');
  });
});
