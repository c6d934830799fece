import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digShort, startPowerDns, type PowerDnsServer } from '../packages/server/test/dns-servers.js';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';

// Settings ▸ DNS against the real server and a real PowerDNS on loopback: add the provider in the page,
// give a subnet its zones, compare with DNS, make DNS match the IPAM, and ask PowerDNS with dig.

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('Settings ▸ DNS', () => {
  let server: AppServer;
  let browser: Browser;
  let pdns: PowerDnsServer;
  let accountId = '';
  let subnetId = '';

  beforeAll(async () => {
    pdns = await startPowerDns();
    await pdns.createZone('example.test');
    await pdns.createZone('50.168.192.in-addr.arpa');
    server = await startServer({ logName: 'dns-server' });
    browser = await openBrowser(undefined, server.baseUrl);
    await signUp(browser.page, browser.baseUrl, uniqueEmail('dns-owner'));
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
    await api.put(`${server.baseUrl}/api/accounts/${accountId}/subnets/${subnetId}/addresses/192.168.50.10`, {
      data: { status: 'In Use', hostname: 'web1', description: '', allowScannerUpdate: true },
    });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pdns?.stop();
  });

  it('adds a PowerDNS provider whose key is never shown again', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/settings/dns`);
    await page.getByText('No DNS providers yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: '+ Add provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add DNS provider' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lab PowerDNS');
    await dialog.getByRole('textbox', { name: 'API URL' }).fill(pdns.apiUrl);
    await dialog.getByLabel('API key').fill(pdns.apiKey);
    await screenshot(page, 'dns-provider-form');
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    const table = page.getByRole('table', { name: 'DNS providers' });
    await table.getByText('Lab PowerDNS').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(pdns.apiKey);
  }, 60_000);

  it('sets the subnet zones, lists what DNS lacks, and makes DNS match the IPAM', async () => {
    const { page } = browser;
    await choose(page, page.locator('body'), 'Subnet', 'Lab LAN (192.168.50.0/24)');
    await choose(page, page.locator('body'), 'Provider', 'Lab PowerDNS');
    await page.getByRole('textbox', { name: 'Forward zone' }).fill('example.test');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText('In force: Lab PowerDNS, forward zone example.test, reverse zone 50.168.192.in-addr.arpa', {
        exact: false,
      })
      .waitFor();
    await page.getByRole('button', { name: 'Compare with DNS' }).click();
    const differences = page.getByRole('table', { name: 'DNS differences' });
    await differences.getByText('web1.example.test').first().waitFor();
    expect(await differences.getByText('Missing in DNS').count()).toBe(2);
    await screenshot(page, 'dns-compare');
    await page.getByRole('button', { name: 'Make DNS match the IPAM (all)' }).click();
    await page.getByText('DNS matches the IPAM.', { exact: false }).waitFor();
    expect(await digShort(pdns.dnsPort, 'web1.example.test', 'A')).toEqual(['192.168.50.10']);
    expect(await digShort(pdns.dnsPort, '10.50.168.192.in-addr.arpa', 'PTR')).toEqual(['web1.example.test.']);
    await screenshot(page, 'dns-compare-clean');
  }, 60_000);
});
