import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, freePort, startServer } from './support/server.js';

// Settings ▸ Webhooks against the built server and a loopback receiver: add a webhook in the page, copy
// its secret from the page, check the receiver's deliveries against it, look at the delivery log, send a
// test event, redeliver, see a failing webhook turned off, delete one.

interface Received {
  rawBody: string;
  signature: string;
  type: string;
}

function isSignedBy(secret: string, { rawBody, signature }: Received): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
  if (!match?.[1] || !match[2]) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${rawBody}`).digest();
  return timingSafeEqual(Buffer.from(match[2], 'hex'), expected);
}

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Settings ▸ Webhooks', () => {
  let server: AppServer;
  let browser: Browser;
  let receiverServer: Server;
  let receiverUrl = '';
  const received: Received[] = [];
  let accountId = '';
  let groupId = '';
  let secret = '';

  beforeAll(async () => {
    receiverServer = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const event = JSON.parse(rawBody) as { type: string };
        received.push({ rawBody, signature: String(request.headers['webhook-signature']), type: event.type });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}/hooks/ipam`;
    server = await startServer({
      logName: 'webhooks-server',
      env: {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_ALLOW_HTTP: 'true',
        OUTBOX_RETRY_BASE_MS: '200',
        OUTBOX_RETRY_MAX_MS: '500',
        // A failing webhook is turned off after 3 s instead of 24 h.
        OUTBOX_GIVE_UP_SECONDS: '3',
        IPAM_DEFAULT_TIER: '1',
      },
    });
    browser = await openBrowser(undefined, server.baseUrl);
    await signUp(browser.page, browser.baseUrl, uniqueEmail('webhook-owner'));
    const api = browser.context.request;
    const me = await (await api.get(`${server.baseUrl}/api/auth/me`)).json();
    accountId = me.currentAccountId;
    const group = await (
      await api.post(`${server.baseUrl}/api/accounts/${accountId}/groups`, {
        data: { name: 'Lab', parentId: null },
      })
    ).json();
    groupId = group.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    receiverServer?.closeAllConnections();
    await new Promise((resolve) => receiverServer?.close(resolve));
  });

  it('adds a webhook and shows its secret once; deliveries are signed with it', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings?tab=webhooks`);
    await page.getByText('No webhooks.').waitFor();
    await page.getByRole('button', { name: '+ Webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Webhook' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiverUrl);
    await dialog.getByRole('checkbox', { name: 'Subnet created' }).check();
    await dialog.getByRole('checkbox', { name: 'Address created' }).check();
    await screenshot(page, 'webhooks-add');
    await dialog.getByRole('button', { name: 'Add Webhook' }).click();
    const shown = page.getByRole('dialog', { name: 'Webhook added' });
    secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'webhooks-secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    const table = page.getByRole('table', { name: 'Webhooks' });
    await table.getByText(receiverUrl).waitFor();
    // The secret is not on the page any more.
    expect(await page.content()).not.toContain(secret);

    const created = await browser.context.request.post(
      `${server.baseUrl}/api/accounts/${accountId}/subnets`,
      {
        data: { name: 'Lab LAN', vlanId: 10, groupId, networkIP: '192.168.60.0', bits: 24 },
      },
    );
    expect(created.status()).toBe(201);
    await until(() => received.some((r) => r.type === 'subnet.created'));
    const delivery = received.find((r) => r.type === 'subnet.created');
    expect(delivery && isSignedBy(secret, delivery)).toBe(true);
  });

  it('shows the delivery log, sends a test event and redelivers', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    const rows = log.getByRole('table', { name: 'Deliveries' }).getByRole('row');
    await rows.nth(1).getByText('Delivered').waitFor();
    expect(await rows.nth(1).textContent()).toContain('Subnet created');
    expect(await rows.nth(1).textContent()).toContain('{"ok":true}');
    await log.getByRole('button', { name: 'Send test event' }).click();
    await until(() => received.some((r) => r.type === 'webhook.test'));
    await rows.filter({ hasText: 'Test event' }).getByText('Delivered').waitFor();
    const before = received.length;
    await rows
      .filter({ hasText: 'Subnet created' })
      .getByRole('button', { name: /^Redeliver/ })
      .click();
    await until(() => received.length === before + 1);
    expect(received.at(-1)?.type).toBe('subnet.created');
    // The receiver can have the redelivery before the log has refetched: wait for the new row (the
    // header and three deliveries), newest first, rather than for a "Delivered" already on screen.
    await rows.nth(3).waitFor();
    await rows.nth(1).filter({ hasText: 'Subnet created' }).getByText('Delivered').waitFor();
    expect(await rows.count()).toBe(4);
    await screenshot(page, 'webhooks-deliveries');
    await page.keyboard.press('Escape');
  });

  it('turns off a webhook that keeps failing, with a notice, and deletes it with confirmation', async () => {
    const { page, baseUrl } = browser;
    const deadUrl = `http://127.0.0.1:${await freePort()}/nobody-listens`;
    const dead = await browser.context.request.post(`${server.baseUrl}/api/accounts/${accountId}/webhooks`, {
      data: { url: deadUrl, events: ['subnet.created'] },
    });
    expect(dead.status()).toBe(201);
    await browser.context.request.post(`${server.baseUrl}/api/accounts/${accountId}/subnets`, {
      data: { name: 'Lab DMZ', vlanId: 20, groupId, networkIP: '192.168.61.0', bits: 24 },
    });
    await page.goto(`${baseUrl}/settings?tab=webhooks`);
    const notice = page.getByRole('alert').filter({ hasText: 'Webhook turned off' });
    // The list refreshes every 30 s: reload until the notice shows, giving each load time to fetch
    // (a check right after the reload ran before the list had loaded on a busy machine).
    const deadline = Date.now() + 40_000;
    for (;;) {
      const isShown = await notice.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      );
      if (isShown) break;
      if (Date.now() > deadline) throw new Error('no notice');
      await page.reload();
    }
    expect(await notice.textContent()).toContain(deadUrl);
    expect(await page.getByRole('switch', { name: `Active: ${deadUrl}` }).isChecked()).toBe(false);
    await screenshot(page, 'webhooks-turned-off');

    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: deadUrl });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Webhook' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row.waitFor({ state: 'detached' });
    await expect(notice.count()).resolves.toBe(0);
  });
});
