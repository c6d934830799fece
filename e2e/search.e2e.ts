/// <reference lib="dom" />
import { messages } from '@ipam/core/messages';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from './support/app.js';
import { type Browser, openBrowser, phone, screenshot, uniqueEmail } from './support/browser.js';

/** A JSON call to the API from the signed-in page (same origin, its session cookie). */
async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    },
    { method, path, body },
  );
}

function addressRow(page: Page, ip: string): Locator {
  return page.getByRole('table', { name: 'IP Addresses' }).locator(`[role=row][data-ip="${ip}"]`);
}

describe('search across all subnets, and the subnet form', () => {
  let browser: Browser;
  let accountId = '';
  let groupId = '';
  let labId = '';
  const email = uniqueEmail('search');

  beforeAll(async () => {
    browser = await openBrowser();
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, email);
    const me = (await callApi(page, 'GET', '/api/auth/me')) as { currentAccountId: string };
    accountId = me.currentAccountId;
    const group = (await callApi(page, 'POST', `/api/accounts/${accountId}/groups`, {
      name: 'Campus',
    })) as { id: string };
    groupId = group.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('fills address and prefix from a pasted CIDR, says what host bits become, and warns of size', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/ips`);
    await page.getByRole('button', { name: '+ IPv4 Subnet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New IPv4 Subnet' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Office');
    await dialog.getByRole('textbox', { name: 'VLAN ID' }).fill('10');
    await dialog.getByRole('combobox', { name: 'Group', exact: true }).click();
    await page.getByRole('option', { name: 'Campus' }).click();

    const network = dialog.getByRole('textbox', { name: 'Network IP Address' });
    const bits = dialog.getByRole('combobox', { name: 'Number of Bits' });
    await network.focus();
    await page.keyboard.insertText('192.168.10.0/24');
    expect(await network.inputValue()).toBe('192.168.10.0');
    expect(await bits.inputValue()).toBe('/24');
    expect(await dialog.getByText(/will be saved as/).count()).toBe(0);

    await network.fill('');
    await page.keyboard.insertText('192.168.10.5/24');
    expect(await network.inputValue()).toBe('192.168.10.5');
    await dialog.getByText(messages.subnetWillBeSavedAs('192.168.10.0/24')).waitFor();

    // The spec's size warning follows the prefix chosen.
    await bits.click();
    await page.getByRole('option', { name: '/31', exact: true }).click();
    await dialog.getByText(messages.subnetVeryFewHosts(31)).waitFor();
    await dialog.getByText(messages.subnetWillBeSavedAs('192.168.10.4/31')).waitFor();
    await screenshot(page, 'search-create-subnet-dialog');

    await bits.click();
    await page.getByRole('option', { name: '/24', exact: true }).click();
    expect(await dialog.getByText(messages.subnetVeryFewHosts(31)).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Create Subnet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Office' }).waitFor();
    await page.getByText('192.168.10.0/24 · VLAN 10').waitFor();
  });

  it('finds an address of another subnet from the top bar and opens that subnet there, with its use warning', async () => {
    const { page, baseUrl } = browser;
    const lab = (await callApi(page, 'POST', `/api/accounts/${accountId}/subnets`, {
      name: 'Lab',
      vlanId: 20,
      groupId,
      networkIP: '10.1.2.0',
      bits: 28,
    })) as { id: string };
    labId = lab.id;
    // 12 of the /28's 14 host addresses in use: 85.7 %, above the spec's 80 %.
    for (let host = 1; host <= 12; host++) {
      await callApi(page, 'PUT', `/api/accounts/${accountId}/subnets/${labId}/addresses/10.1.2.${host}`, {
        status: 'In Use',
        hostname: host === 9 ? 'web01.lab' : `lab-${host}`,
        description: host === 9 ? 'build server' : '',
      });
    }

    // Office is in view; "/" focuses the top bar's search from anywhere.
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Office' }).click();
    await page.keyboard.press('/');
    const box = page.getByRole('searchbox', { name: 'Search all subnets' });
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('WEB01');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/search?q=WEB01`);
    const section = page.getByRole('region', { name: 'Subnet Lab' });
    await section.getByText('1 matching address').waitFor();
    await page.getByText('1 matching address in 1 subnet.').waitFor();
    await screenshot(page, 'search-results');

    await section.getByRole('link', { name: 'Open 10.1.2.9 in Lab' }).click();
    await page.waitForURL(new RegExp(`/ips\\?subnet=${labId}&at=10\\.1\\.2\\.9$`));
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Lab' }).waitFor();
    const row = addressRow(page, '10.1.2.9');
    await row.waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');
    expect(await row.textContent()).toContain('web01.lab');
    await page.getByText(messages.highUtilization(85.7)).waitFor();
    await screenshot(page, 'search-opened-at-address');
  });

  it('puts a whole address searched for first, marked as the exact match, written or not', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/search?q=10.1.2.1`);
    const exact = page.getByRole('region', { name: 'Exact match in Lab' });
    await exact.getByText('Exact match', { exact: true }).waitFor();
    expect(await exact.textContent()).toContain('lab-1');
    expect(await exact.textContent()).toContain('In Lab (10.1.2.0/28)');
    // It comes before the prefix matches (10.1.2.1, .10 to .14), which are still listed.
    const regions = await page
      .getByRole('region')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
    expect(regions.slice(0, 2)).toEqual(['Exact match in Lab', 'Subnet Lab']);
    await page.getByText('6 matching addresses in 1 subnet.').waitFor();
    await screenshot(page, 'search-exact-match');

    await page.goto(`${baseUrl}/search?q=10.1.2.13`);
    const unwritten = page.getByRole('region', { name: 'Exact match in Lab' });
    await unwritten.getByText('never written: Available').waitFor();
    await unwritten.getByRole('link', { name: 'Open 10.1.2.13 in Lab (exact match)' }).click();
    await page.waitForURL(new RegExp(`/ips\\?subnet=${labId}&at=10\\.1\\.2\\.13$`));
    const row = addressRow(page, '10.1.2.13');
    await row.waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');
  });

  it('opens a large subnet scrolled to the address asked for', async () => {
    const { page, baseUrl } = browser;
    const subnets = (await callApi(page, 'GET', `/api/accounts/${accountId}/subnets`)) as {
      items: { id: string; name: string }[];
    };
    const office = subnets.items.find((subnet) => subnet.name === 'Office');
    await page.goto(`${baseUrl}/ips?subnet=${office?.id}&at=192.168.10.200`);
    const row = addressRow(page, '192.168.10.200');
    await row.waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');
    expect(await row.isVisible()).toBe(true);
  });

  it("keeps the IP view's filter and search in the URL, so a reload (or a shared link) shows the same", async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/ips?subnet=${labId}`);
    await page.getByRole('button', { name: 'Show In Use' }).click();
    await page.getByRole('textbox', { name: 'Search IPs' }).fill('web');
    await page.waitForURL(/filter=in-use/);
    await page.waitForURL(/q=web/);
    await page.reload();
    expect(await page.getByRole('textbox', { name: 'Search IPs' }).inputValue()).toBe('web');
    expect(await page.getByRole('button', { name: 'Show In Use' }).getAttribute('aria-pressed')).toBe('true');
    await addressRow(page, '10.1.2.9').waitFor();
    await page.getByText('1 address matches').waitFor();

    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await page.waitForURL(new RegExp(`/ips\\?subnet=${labId}$`));
  });

  it('goes Back to the subnet viewed before, as it was filtered; filtering and searching add no Back step', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/ips?subnet=${labId}`);
    await page.getByRole('button', { name: 'Show In Use' }).click();
    await page.waitForURL(/filter=in-use/);
    await page.getByRole('button', { name: /^Subnet Office / }).click();
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Office' }).waitFor();
    // Another subnet starts unfiltered and unsearched.
    expect(new URL(page.url()).searchParams.get('filter')).toBeNull();
    await page.getByRole('textbox', { name: 'Search IPs' }).fill('192.168.10.7');
    await page.waitForURL(/q=192\.168\.10\.7/);

    await page.goBack();
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Lab' }).waitFor();
    expect(await page.getByRole('button', { name: 'Show In Use' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Search IPs' }).inputValue()).toBe('');
    await page.getByText('12 addresses match').waitFor();
  });

  it("shows the spec's failure text with the server's reason beneath", async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/ips?subnet=${labId}`);
    await page.route('**/api/accounts/*/subnets/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The database is being upgraded.', code: 'unavailable' }),
      });
    });
    await page.getByRole('button', { name: 'Edit subnet Lab' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Subnet' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText(messages.saveSubnetFailed).waitFor();
    await alert.getByText('The database is being upgraded.').waitFor();
    await screenshot(page, 'search-save-failed');
    await page.unroute('**/api/accounts/*/subnets/*');
  });

  it('searches on a phone from the icon in the top bar, without sideways scrolling', async () => {
    const small = await openBrowser(phone);
    try {
      const { page, baseUrl } = small;
      await logIn(page, baseUrl, email);
      await page.getByRole('link', { name: 'Search all subnets' }).click();
      await page.waitForURL(`${baseUrl}/search`);
      await page.getByRole('searchbox', { name: 'Search for' }).fill('10.1.2.1');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl}/search?q=10.1.2.1`);
      // 10.1.2.1 and 10.1.2.10-12 are written; 10.1.2.13 and .14 never were.
      await page.getByText('6 matching addresses in 1 subnet.').waitFor();
      await page.getByRole('link', { name: 'Open 10.1.2.14 in Lab' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'search-results-phone');
    } finally {
      await small.close();
    }
  });
});
