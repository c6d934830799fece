import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { messages } from '@ipam/core/messages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFocus, signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';
import { pickSubnet } from './support/scanner-form.js';

// Settings › Scanners against the real server: register a scanner, see its key once, start the real
// agent with it, regenerate, edit, "(Removed)" subnets, delete; tier 0 has no Scanners tab.

const root = resolve(import.meta.dirname, '..');
const agentScript = resolve(root, 'packages/scanner/bin/ipam-scanner.js');

async function apiCall(browser: Browser, method: string, path: string, data?: unknown): Promise<unknown> {
  const response = await browser.context.request.fetch(`${browser.baseUrl}${path}`, { method, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.status() === 204 ? undefined : response.json();
}

async function createdId(browser: Browser, path: string, data: unknown): Promise<string> {
  const body = (await apiCall(browser, 'POST', path, data)) as { id: string };
  return body.id;
}

/** The key dialog's key, checked to be 32 letters and digits. */
async function shownKey(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: /^Key of scanner/ });
  const key = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
  return key;
}

/** One round of the real agent with the key (no probes run: its subnets have no scanning). */
function runAgentOnce(baseUrl: string, key: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [agentScript, '--once', '--no-dns'], {
    cwd: root,
    env: { ...process.env, IPAM_SERVER: baseUrl, IPAM_SCANNER_KEY: key },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('Settings › Scanners', () => {
  let server: AppServer;
  let browser: Browser;
  const owner = uniqueEmail('scanner-owner');
  let accountId = '';
  let labSubnetId = '';
  let firstKey = '';

  const row = () => browser.page.getByRole('table', { name: 'Scanners' }).getByRole('row').nth(1);

  beforeAll(async () => {
    server = await startServer({ logName: 'scanners-server' });
    browser = await openBrowser(undefined, server.baseUrl);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.baseUrl,
    });
    await signUp(browser.page, browser.baseUrl, owner);
    const me = (await apiCall(browser, 'GET', '/api/auth/me')) as { currentAccountId: string };
    accountId = me.currentAccountId;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('tier 0 has no Scanners tab, and its address shows Account Info', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings?tab=scanners`);
    await page.getByRole('tab', { name: 'Users' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Scanners' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Account Information' }).waitFor();
  });

  it('a tier-1 account starts with no scanners and a link to the setup', async () => {
    const { page, baseUrl } = browser;
    const setTier = await server.cli(['admin', 'set-tier', accountId, '1']);
    expect(setTier.code, setTier.output).toBe(0);
    const groupId = await createdId(browser, `/api/accounts/${accountId}/groups`, { name: 'Sites' });
    const subnet = { vlanId: 1, groupId, bits: 24, scanningType: 'none' };
    await createdId(browser, `/api/accounts/${accountId}/subnets`, {
      ...subnet,
      name: 'Office',
      networkIP: '10.0.0.0',
    });
    labSubnetId = await createdId(browser, `/api/accounts/${accountId}/subnets`, {
      ...subnet,
      name: 'Lab',
      networkIP: '10.9.0.0',
    });
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('tab', { name: 'Scanners' }).click();
    await page.waitForURL(/tab=scanners$/);
    await page.getByRole('heading', { name: 'Scanners' }).waitFor();
    await page.getByText('No scanners yet.').waitFor();
    await page.getByRole('link', { name: 'Scanner setup documentation' }).waitFor();
  });

  it('adds a scanner with a subnet and shows its key once, with the command line', async () => {
    const { page, baseUrl } = browser;
    await page.getByRole('button', { name: '+ Scanner' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Scanner' });
    const name = form.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => hasFocus(page, name)).toBe(true);
    await name.press('Enter');
    await form.getByText(messages.scannerNameRequired).waitFor();
    await name.fill('Basement');
    await form.getByRole('textbox', { name: 'Description' }).fill('Rack 2, server room');
    await pickSubnet(form, 'Office', 'Office (10.0.0.0/24)');
    await screenshot(page, 'scanner-add');
    await form.getByRole('button', { name: 'Add Scanner' }).click();

    const keyDialog = page.getByRole('dialog', { name: 'Key of scanner Basement' });
    await keyDialog.getByText('This key will not be shown again.', { exact: false }).waitFor();
    firstKey = await shownKey(page);
    expect(await keyDialog.getByRole('textbox', { name: 'Command line' }).inputValue()).toBe(
      `ipam-scanner --server ${baseUrl} --key ${firstKey}`,
    );
    expect(
      await keyDialog.getByRole('textbox', { name: 'Or with the settings in the environment' }).inputValue(),
    ).toBe(`IPAM_SERVER=${baseUrl} IPAM_SCANNER_KEY=${firstKey} ipam-scanner`);
    await keyDialog.getByRole('button', { name: 'Copy key' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(firstKey);
    await screenshot(page, 'scanner-key');
    await keyDialog.getByRole('button', { name: 'Done' }).click();
    await keyDialog.waitFor({ state: 'detached' });

    await row().getByText('Basement').waitFor();
    await row().getByText('Office (10.0.0.0/24)').waitFor();
    await row()
      .getByText(`${firstKey.slice(0, 4)}…`)
      .waitFor();
    await row().getByText('Never called in').waitFor();
    expect(await page.content()).not.toContain(firstKey);
  });

  it('shows the agent online, with its version, once it has called in', async () => {
    const { page } = browser;
    const round = runAgentOnce(browser.baseUrl, firstKey);
    expect(round.status, round.output).toBe(0);
    // The agent's call-in is no live event: the list is re-read on a timer, or here on a reload.
    await page.reload();
    await row().getByText('Online').waitFor();
    await row().getByText('0.1.0').waitFor();
    await screenshot(page, 'scanners-tab');
  });

  it('regenerates the key after a confirmation: a different key, and the old one stops working', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Regenerate key of Basement' }).click();
    const confirm = page.getByRole('dialog', { name: 'Regenerate Key' });
    await confirm.getByText('stops working at once', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    const newKey = await shownKey(page);
    expect(newKey).not.toBe(firstKey);
    await page
      .getByRole('dialog', { name: 'Key of scanner Basement' })
      .getByRole('button', { name: 'Done' })
      .click();
    await row()
      .getByText(`${newKey.slice(0, 4)}…`)
      .waitFor();
    expect(runAgentOnce(browser.baseUrl, firstKey).status).toBe(3);
    const round = runAgentOnce(browser.baseUrl, newKey);
    expect(round.status, round.output).toBe(0);
  });

  it('edits the name, the subnets and Block Scanning', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Edit scanner Basement' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Scanner' });
    const name = form.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('Basement');
    await name.fill('Basement agent');
    await pickSubnet(form, 'Lab', 'Lab (10.9.0.0/24)');
    await form.getByRole('switch', { name: /^Block Scanning/ }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await row().getByText('Basement agent').waitFor();
    await row().getByText('Lab (10.9.0.0/24)').waitFor();
    await row().getByText('Scanning blocked').waitFor();
  });

  it('stores SNMP targets whose community and passwords are never shown again', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'SNMP targets of Basement agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'SNMP Targets of Basement agent' });
    await dialog.getByText('No SNMP targets', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '+ SNMP Target' }).click();
    const first = dialog
      .getByRole('region', { name: 'SNMP target 1' })
      .or(dialog.getByLabel('SNMP target 1'));
    await first.getByRole('textbox', { name: 'Host' }).fill('192.0.2.1');
    await first.getByLabel('Community', { exact: true }).fill('e2e-community-secret');
    await dialog.getByRole('button', { name: '+ SNMP Target' }).click();
    const second = dialog.getByLabel('SNMP target 2', { exact: true });
    await second.getByRole('textbox', { name: 'Host' }).fill('core-sw.example.net');
    await second.getByText('v3', { exact: true }).click();
    await second.getByRole('textbox', { name: 'User' }).fill('ipam');
    await second.getByLabel('Auth password').fill('short');
    await second.getByLabel('Privacy password (AES)').fill('e2e-privacy-secret');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The server's rule, under its field.
    await second.getByText('Authentication password must be at least 8 characters').waitFor();
    await screenshot(page, 'scanner-snmp-targets-error');
    await second.getByLabel('Auth password').fill('e2e-auth-secret');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('SNMP targets of Basement agent saved.').waitFor();

    await page.getByRole('button', { name: 'SNMP targets of Basement agent' }).click();
    const reopened = page.getByRole('dialog', { name: 'SNMP Targets of Basement agent' });
    const stored = reopened.getByLabel('SNMP target 1', { exact: true });
    expect(await stored.getByRole('textbox', { name: 'Host' }).inputValue()).toBe('192.0.2.1');
    expect(await stored.getByLabel('Community', { exact: true }).inputValue()).toBe('');
    expect(await stored.getByLabel('Community', { exact: true }).getAttribute('placeholder')).toBe('Stored');
    expect(
      await reopened
        .getByLabel('SNMP target 2', { exact: true })
        .getByRole('textbox', { name: 'User' })
        .inputValue(),
    ).toBe('ipam');
    await screenshot(page, 'scanner-snmp-targets');
    const content = await page.content();
    for (const secret of ['e2e-community-secret', 'e2e-auth-secret', 'e2e-privacy-secret']) {
      expect(content).not.toContain(secret);
    }
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    await reopened.waitFor({ state: 'detached' });
  });

  it('shows a subnet deleted elsewhere as "(Removed)", and Remove Missing Subnets cleans it', async () => {
    const { page } = browser;
    await apiCall(browser, 'DELETE', `/api/accounts/${accountId}/subnets/${labSubnetId}`);
    // The subnet's live event refreshes the open tab.
    await row().getByText('(Removed)').waitFor();
    expect(await row().getByText('Lab (10.9.0.0/24)').count()).toBe(0);
    await screenshot(page, 'scanners-removed-subnet');
    await page.getByRole('button', { name: 'Remove Missing Subnets of Basement agent' }).click();
    await row().getByText('(Removed)').waitFor({ state: 'detached' });
    await row().getByText('Office (10.0.0.0/24)').waitFor();
    expect(await page.getByRole('button', { name: /^Remove Missing Subnets/ }).count()).toBe(0);
  });

  it('opens the setup page from the tab, with this server in its commands', async () => {
    const { page, baseUrl } = browser;
    await page.getByRole('link', { name: 'Scanner setup documentation' }).click();
    await page.waitForURL(`${baseUrl}/docs/scanner`);
    await page.getByRole('heading', { name: 'Scanner Setup' }).waitFor();
    await page.getByText(`ipam-scanner --server ${baseUrl} --key <key>`).waitFor();
    await page.getByRole('heading', { name: 'Firewall' }).waitFor();
    await screenshot(page, 'scanner-setup');
    await page.goBack();
  });

  it('deletes the scanner after a confirmation', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Delete scanner Basement agent' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Scanner' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No scanners yet.').waitFor();
  });
});
