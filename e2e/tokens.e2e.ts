import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';

// Settings ▸ API Tokens against the real server: create a token in the page, read its secret from the
// page, use it from a script (Node's fetch with Bearer: list subnets, next free, a CSV import checked by
// a dry run and then applied, an XLSX export), revoke it, see 401.

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A call as a script makes it: Node's fetch, the token and nothing else (no cookie, no Origin). */
async function scriptCall(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('Settings ▸ API Tokens', () => {
  let server: AppServer;
  let browser: Browser;
  let accountId = '';
  let subnetId = '';
  let secret = '';

  beforeAll(async () => {
    server = await startServer({ logName: 'tokens-server' });
    browser = await openBrowser(undefined, server.baseUrl);
    await signUp(browser.page, browser.baseUrl, uniqueEmail('token-owner'));
    const api = browser.context.request;
    const me = await (await api.get(`${server.baseUrl}/api/auth/me`)).json();
    accountId = me.currentAccountId;
    const group = await (
      await api.post(`${server.baseUrl}/api/accounts/${accountId}/groups`, {
        data: { name: 'Lab', parentId: null },
      })
    ).json();
    const subnet = await (
      await api.post(`${server.baseUrl}/api/accounts/${accountId}/subnets`, {
        data: { name: 'Lab LAN', vlanId: 10, groupId: group.id, networkIP: '192.168.50.0', bits: 24 },
      })
    ).json();
    subnetId = subnet.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a token and shows its secret once', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings?tab=tokens`);
    await page.getByText('No API tokens.').waitFor();
    await page.getByRole('button', { name: '+ Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API Token' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('provisioning script');
    await choose(page, dialog, 'Scope', 'Read-write');
    await choose(page, dialog, 'Expiry', '30 days');
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    const shown = page.getByRole('dialog', { name: 'API token provisioning script' });
    secret = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(secret).toMatch(/^ipam_[A-Za-z0-9_-]{43}$/);
    await shown.getByText('This token will not be shown again.', { exact: false }).waitFor();
    await screenshot(page, 'tokens-secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('table', { name: 'API Tokens' }).getByRole('row').nth(1);
    await row.getByText('provisioning script').waitFor();
    expect(await row.textContent()).toContain(secret.slice(0, 12));
    expect(await row.textContent()).toContain('Read-write');
    expect(await page.content()).not.toContain(secret);
  });

  it('works from a script: list subnets and take the next free address', async () => {
    const list = await scriptCall(server.baseUrl, secret, 'GET', `/api/accounts/${accountId}/subnets`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Lab LAN');
    const next = await scriptCall(
      server.baseUrl,
      secret,
      'POST',
      `/api/accounts/${accountId}/subnets/${subnetId}/addresses/next`,
      { hostname: 'vm-1' },
    );
    expect(next.status).toBe(201);
    expect(next.body?.items).toEqual([
      expect.objectContaining({ ipAddress: '192.168.50.1', hostname: 'vm-1' }),
    ]);
    const mint = await scriptCall(server.baseUrl, secret, 'POST', `/api/accounts/${accountId}/tokens`, {
      name: 'minted',
      scope: 'write',
      expiresInDays: null,
    });
    expect(mint.status).toBe(403);
  });

  it('imports a CSV from the script with a dry run first, then applies it and exports XLSX', async () => {
    const base = `${server.baseUrl}/api/accounts/${accountId}/subnets/${subnetId}/addresses`;
    const csv = [
      'ipAddress,status,hostname,description',
      '192.168.50.10,In Use,db-1,primary database',
      '192.168.50.11,Reserved,,printer',
    ].join('\n');
    const send = (dryRun: boolean) =>
      fetch(`${base}/import?dryRun=${dryRun}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/csv' },
        body: csv,
      });
    const dry = await send(true);
    expect(dry.status).toBe(200);
    const dryReport = (await dry.json()) as { dryRun: boolean; applied: boolean; rows: unknown[] };
    expect(dryReport).toMatchObject({ dryRun: true, applied: false });
    expect(dryReport.rows).toEqual([
      expect.objectContaining({ row: 2, key: '192.168.50.10', outcome: 'create' }),
      expect.objectContaining({ row: 3, key: '192.168.50.11', outcome: 'create' }),
    ]);
    const unwritten = await scriptCall(
      server.baseUrl,
      secret,
      'GET',
      `${base.slice(server.baseUrl.length)}?q=db-1`,
    );
    expect(JSON.stringify(unwritten.body)).not.toContain('db-1');
    const applied = await send(false);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ dryRun: false, applied: true });
    const written = await scriptCall(
      server.baseUrl,
      secret,
      'GET',
      `${base.slice(server.baseUrl.length)}?q=db-1`,
    );
    expect(JSON.stringify(written.body)).toContain('primary database');

    const exported = await fetch(`${base}/export?format=xlsx&all=false`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await exported.arrayBuffer());
    const rows: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push(JSON.stringify(row.values)));
    expect(rows[0]).toContain('ipAddress');
    expect(rows.join('\n')).toContain('192.168.50.10');
    expect(rows.join('\n')).toContain('db-1');
    expect(rows.join('\n')).toContain('192.168.50.11');
  });

  it('shows the last use, and Next free in the IP view opens the following free address', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings?tab=tokens`);
    const row = page.getByRole('table', { name: 'API Tokens' }).getByRole('row').nth(1);
    await row.getByText('provisioning script').waitFor();
    expect(await row.textContent()).not.toContain('Never');
    await screenshot(page, 'tokens-list');
    // History names the token the script's changes came through, and the import as one entry.
    await page.goto(`${baseUrl}/history`);
    await page.getByText('Addresses imported').first().waitFor();
    expect(await page.getByText('(token provisioning script)').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'tokens-history');
    await page.goto(`${baseUrl}/ips?subnet=${subnetId}`);
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Lab LAN' }).waitFor();
    await page.getByRole('button', { name: 'Next free' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit IP Address' });
    await edit.waitFor();
    expect(await edit.getByRole('textbox', { name: 'IP Address' }).inputValue()).toBe('192.168.50.2');
    await screenshot(page, 'tokens-next-free');
    await page.keyboard.press('Escape');
  });

  it('revokes the token after a confirm; the script then gets 401', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings?tab=tokens`);
    await page.getByRole('button', { name: 'Revoke provisioning script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Token' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No API tokens.').waitFor();
    const after = await scriptCall(server.baseUrl, secret, 'GET', `/api/accounts/${accountId}/subnets`);
    expect(after.status).toBe(401);
  });
});
