import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, phone, screenshot, uniqueEmail } from './support/browser.js';

const root = resolve(import.meta.dirname, '..');
const invalidMask = 'Invalid subnet mask. Use CIDR (/24) or dotted decimal (255.255.255.0)';

/** What `ipam calc --json ADDRESS MASK` prints (the built CLI, the same core functions). */
function ipamCalc(address: string, mask: string): Record<string, string | number | null> {
  const output = execFileSync(
    process.execPath,
    ['packages/server/bin/ipam.js', 'calc', '--json', address, mask],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return JSON.parse(output);
}

/** The text of one result line (`data-testid="result-<key>"`) of the visible calculator. */
async function shown(page: Page, key: string): Promise<string> {
  return ((await panel(page).getByTestId(`result-${key}`).textContent()) ?? '').trim();
}

/** A number on screen as the CLI prints it: no thousands separators, no `(2^n)` hint. */
const plainNumber = (text: string) => text.replace(/ \(2\^\d+\)$/, '').replaceAll(',', '');

function panel(page: Page) {
  return page.getByRole('tabpanel');
}

async function openTab(page: Page, name: 'IPv4 Calculator' | 'IPv6 Calculator') {
  await page.getByRole('tab', { name }).click();
  await panel(page).waitFor();
}

async function fillInputs(
  page: Page,
  addressLabel: string,
  address: string,
  maskLabel: string,
  mask: string,
) {
  await panel(page).getByRole('textbox', { name: addressLabel }).fill(address);
  await panel(page).getByRole('textbox', { name: maskLabel }).fill(mask);
  await panel(page).getByRole('textbox', { name: maskLabel }).press('Tab');
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await contentOf(download) };
}

async function contentOf(download: Download): Promise<string> {
  const path = await download.path();
  return readFileSync(path, 'utf8');
}

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function savedList(page: Page, title: string) {
  return panel(page).getByRole('list', { name: title }).getByRole('listitem');
}

describe('Networking Tools', () => {
  let browser: Browser;
  // A valid address whose first character a spreadsheet reads as a formula: the saved-list CSV must defuse it.
  const email = uniqueEmail('+calc');

  beforeAll(async () => {
    browser = await openBrowser();
    await signUp(browser.page, browser.baseUrl, email);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the heading and the spec's three tabs, the IPv4 Calculator first; ?tab=planner opens the planner", async () => {
    const { page, baseUrl } = browser;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools' }).click();
    await page.waitForURL(`${baseUrl}/tools`);
    await page.getByRole('heading', { name: 'Networking Tools' }).waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['IPv4 Calculator', 'IPv6 Calculator', 'Network Planner']);
    expect(await page.getByRole('tab', { name: 'IPv4 Calculator' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await panel(page).getByRole('region', { name: 'Saved IPv4 Subnets' }).waitFor();
    await panel(page).getByText('No saved subnets yet.', { exact: false }).waitFor();
    await page.goto(`${baseUrl}/tools?tab=planner`);
    await page.getByText('No Network Plan Selected').waitFor();
    expect(await page.getByRole('tab', { name: 'Network Planner' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.goto(`${baseUrl}/tools`);
    await panel(page).getByRole('region', { name: 'Saved IPv4 Subnets' }).waitFor();
  });

  it("IPv4: the spec's messages for bad inputs and for Save/Export without a result, cleared after 5 seconds", async () => {
    const { page } = browser;
    const calculator = panel(page);
    await calculator.getByRole('button', { name: 'Save', exact: true }).click();
    await calculator.getByRole('alert').filter({ hasText: 'No calculation result to save' }).waitFor();
    await calculator.getByRole('button', { name: 'Export CSV' }).click();
    await calculator.getByRole('alert').filter({ hasText: 'No calculation result to export' }).waitFor();
    await calculator.getByRole('button', { name: 'Export saved subnets as CSV' }).click();
    const noSaved = calculator.getByRole('alert').filter({ hasText: 'No saved subnets to export' });
    await noSaved.waitFor();
    const shownAt = Date.now();
    await noSaved.waitFor({ state: 'detached', timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3500);

    await fillInputs(page, 'IP Address', '192.168.1', 'Subnet Mask', '255.0.255.0');
    await calculator.getByText('Invalid IPv4 address format').waitFor();
    await calculator.getByText(invalidMask).waitFor();
    expect(await calculator.getByTestId('result-networkAddress').count()).toBe(0);
    await screenshot(page, 'tools-ipv4-invalid');
    await calculator.getByRole('textbox', { name: 'Subnet Mask' }).fill('/33');
    await calculator.getByText(invalidMask).waitFor();
    await calculator.getByRole('button', { name: 'Reset' }).click();
    expect(await calculator.getByRole('textbox', { name: 'IP Address' }).inputValue()).toBe('');
    expect(await calculator.getByText('Invalid IPv4 address format').count()).toBe(0);
  });

  it('IPv4: shows the numbers of `ipam calc` as soon as both inputs are valid, for /24, /31 and /32', async () => {
    const { page } = browser;
    const fields = [
      'networkAddress',
      'usableIpRange',
      'firstUsable',
      'lastUsable',
      'subnetMask',
      'wildcardMask',
      'binarySubnetMask',
      'ipClass',
      'ipType',
    ];
    for (const [address, mask] of [
      ['10.20.30.40', '255.255.240.0'],
      ['100.64.0.1', '31'],
      ['8.8.8.8', '/32'],
      ['192.168.1.77', '/24'],
    ] as const) {
      await fillInputs(page, 'IP Address', address, 'Subnet Mask', mask);
      const cli = ipamCalc(address, mask);
      await panel(page)
        .getByTestId('result-cidrNotation')
        .filter({ hasText: `${cli.networkAddress}/${cli.cidr}` })
        .waitFor();
      for (const key of fields)
        expect({ key, value: await shown(page, key) }).toEqual({ key, value: String(cli[key]) });
      expect(plainNumber(await shown(page, 'totalAddresses'))).toBe(String(cli.totalAddresses));
      expect(plainNumber(await shown(page, 'totalHosts'))).toBe(String(cli.totalHosts));
      const broadcast = await shown(page, 'broadcastAddress');
      expect(broadcast).toBe(cli.broadcastAddress ?? 'None (/31 and /32 have no broadcast address)');
    }
    expect(await shown(page, 'totalHosts')).toBe('254');
    await screenshot(page, 'tools-ipv4-result');
  });

  it('IPv4: exports the result as CSV named with the network and the date', async () => {
    const { page } = browser;
    const file = await downloadOf(page, () =>
      panel(page).getByRole('button', { name: 'Export CSV' }).click(),
    );
    expect(file.name).toBe(`ipv4-subnet-192.168.1.0-24-${today()}.csv`);
    const lines = file.text.split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'Field,Value',
      'IP Address Entered,192.168.1.77',
      'Subnet Mask Entered,/24',
      'CIDR Notation,192.168.1.0/24',
      'Network Address,192.168.1.0',
      'Broadcast Address,192.168.1.255',
    ]);
    expect(lines).toContain('Usable Hosts,254');
  });

  it('IPv4: saves newest first, keeps them after a reload, loads one back and deletes one', async () => {
    const { page } = browser;
    const list = savedList(page, 'Saved IPv4 Subnets');
    await panel(page).getByRole('button', { name: 'Save', exact: true }).click();
    await list.first().getByText('192.168.1.0/24').waitFor();
    await fillInputs(page, 'IP Address', '10.1.2.3', 'Subnet Mask', '16');
    // Enter in the form saves too.
    await panel(page).getByRole('textbox', { name: 'Subnet Mask' }).press('Enter');
    await list.first().getByText('10.1.0.0/16').waitFor();
    expect(await list.count()).toBe(2);

    await page.reload();
    await page.getByRole('heading', { name: 'Networking Tools' }).waitFor();
    await list.first().getByText('10.1.0.0/16').waitFor();
    expect(await list.allTextContents()).toEqual([
      expect.stringContaining('10.1.0.0/16'),
      expect.stringContaining('192.168.1.0/24'),
    ]);
    expect(await list.first().textContent()).toContain(email);
    await screenshot(page, 'tools-ipv4-saved');

    await panel(page).getByRole('button', { name: 'Load 192.168.1.77 /24' }).click();
    expect(await panel(page).getByRole('textbox', { name: 'IP Address' }).inputValue()).toBe('192.168.1.77');
    await panel(page).getByTestId('result-cidrNotation').filter({ hasText: '192.168.1.0/24' }).waitFor();

    const saved = await downloadOf(page, () =>
      panel(page).getByRole('button', { name: 'Export saved subnets as CSV' }).click(),
    );
    expect(saved.name).toBe(`saved-ipv4-subnets-${today()}.csv`);
    const [header, newest, older] = saved.text.split('\r\n');
    expect(
      header?.startsWith('Saved At,Saved By,IP Address Entered,Subnet Mask Entered,CIDR Notation,'),
    ).toBe(true);
    // The e-mail starts with "+": a spreadsheet must see text, not a formula.
    expect(newest).toContain(`,'${email},10.1.2.3,16,10.1.0.0/16,10.1.0.0,10.1.255.255,`);
    expect(older).toContain(`,'${email},192.168.1.77,/24,192.168.1.0/24,`);

    await panel(page).getByRole('button', { name: 'Delete 10.1.0.0/16 (10.1.2.3 16)' }).click();
    await list.filter({ hasText: '10.1.0.0/16' }).waitFor({ state: 'detached' });
    await page.reload();
    await list.first().getByText('192.168.1.0/24').waitFor();
    expect(await list.count()).toBe(1);
  });

  it('the saved box moves by its title bar and with the arrow keys, and Show/Hide Saved toggles it', async () => {
    const { page } = browser;
    const box = panel(page).getByRole('region', { name: 'Saved IPv4 Subnets' });
    const before = await box.boundingBox();
    const handle = box.getByTestId('drag-handle');
    const grab = await handle.boundingBox();
    if (!before || !grab) throw new Error('the saved box is not visible');
    await page.mouse.move(grab.x + grab.width / 2, grab.y + grab.height / 2);
    await page.mouse.down();
    await page.mouse.move(grab.x + grab.width / 2 - 300, grab.y + grab.height / 2 + 120, { steps: 8 });
    await page.mouse.up();
    const dragged = await box.boundingBox();
    expect(Math.round((dragged?.x ?? 0) - before.x)).toBe(-300);
    expect(Math.round((dragged?.y ?? 0) - before.y)).toBe(120);
    await screenshot(page, 'tools-saved-box-moved');
    const grip = box.getByRole('button', { name: /^Move the Saved IPv4 Subnets box/ });
    await grip.focus();
    await grip.press('ArrowRight');
    expect(Math.round(((await box.boundingBox())?.x ?? 0) - before.x)).toBe(-276);
    await grip.press('Home');
    expect(Math.round(((await box.boundingBox())?.x ?? 0) - before.x)).toBe(0);

    await panel(page).getByRole('button', { name: 'Hide Saved' }).click();
    await box.waitFor({ state: 'detached' });
    await panel(page).getByRole('button', { name: 'Show Saved' }).click();
    await box.waitFor();
  });

  it('Create subnet from this opens /ips with the network prefilled', async () => {
    const { page, baseUrl } = browser;
    await fillInputs(page, 'IP Address', '192.168.1.77', 'Subnet Mask', '255.255.255.0');
    await panel(page).getByRole('link', { name: 'Create subnet from this: 192.168.1.0/24' }).click();
    await page.waitForURL(/\/ips\?/);
    const url = new URL(page.url());
    expect(`${url.origin}${url.pathname}`).toBe(`${baseUrl}/ips`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ create: 'ipv4', cidr: '192.168.1.0/24' });
    await page.goBack();
    await page.getByRole('heading', { name: 'Networking Tools' }).waitFor();
  });

  it("IPv6: the spec's messages, the numbers of `ipam calc`, Last Address and no broadcast, save and delete", async () => {
    const { page } = browser;
    await openTab(page, 'IPv6 Calculator');
    const calculator = panel(page);
    await fillInputs(page, 'IPv6 Address', '1::2::3', 'Prefix Length', '129');
    await calculator.getByText('Invalid IPv6 address format').waitFor();
    await calculator.getByText('Invalid prefix length. Use /64 or 64 (0-128)').waitFor();
    await screenshot(page, 'tools-ipv6-invalid');

    for (const [address, prefix] of [
      ['fe80::1%eth0', '10'],
      ['2001:DB8:0:0:1::1', '/64'],
    ] as const) {
      await fillInputs(page, 'IPv6 Address', address, 'Prefix Length', prefix);
      const cli = ipamCalc(address, prefix);
      await calculator
        .getByTestId('result-cidrNotation')
        .filter({ hasText: `${cli.networkAddress}/${cli.cidr}` })
        .waitFor();
      for (const key of ['networkAddress', 'lastAddress', 'usableIpRange', 'subnetMask', 'ipType']) {
        expect({ key, value: await shown(page, key) }).toEqual({ key, value: String(cli[key]) });
      }
      expect(plainNumber(await shown(page, 'totalAddresses'))).toBe(String(cli.totalAddresses));
    }
    expect(await shown(page, 'totalAddresses')).toBe('18,446,744,073,709,551,616 (2^64)');
    expect(await shown(page, 'broadcastAddress')).toContain('IPv6 has no broadcast address');
    await calculator.getByText('IPv6 has no broadcast address: every address', { exact: false }).waitFor();
    // The free tier has no IPv6 subnets: the button says why instead of leading to a refusal.
    await calculator.getByText('IPv6 subnets are not available for your tier.').waitFor();
    expect(await calculator.getByRole('button', { name: 'Create subnet from this' }).isDisabled()).toBe(true);

    const file = await downloadOf(page, () => calculator.getByRole('button', { name: 'Export CSV' }).click());
    expect(file.name).toBe(`ipv6-subnet-2001_db8__-64-${today()}.csv`);
    expect(file.text).toContain('Last Address,2001:db8::ffff:ffff:ffff:ffff\r\n');
    expect(file.text).toContain('Total Addresses,18446744073709551616\r\n');

    await calculator.getByRole('button', { name: 'Save', exact: true }).click();
    const list = savedList(page, 'Saved IPv6 Subnets');
    await list.first().getByText('2001:db8::/64').waitFor();
    await screenshot(page, 'tools-ipv6-result');
    await page.reload();
    await list.first().getByText('2001:db8::/64').waitFor();
    expect(await list.first().textContent()).toContain('2001:DB8:0:0:1::1 /64');
    // The reload keeps the tab, and the IPv4 list is its own: it holds only its own entry.
    expect(await page.getByRole('tab', { name: 'IPv6 Calculator' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await openTab(page, 'IPv4 Calculator');
    const ipv4List = savedList(page, 'Saved IPv4 Subnets');
    await ipv4List.first().getByText('192.168.1.0/24').waitFor();
    expect(await ipv4List.count()).toBe(1);
    await openTab(page, 'IPv6 Calculator');
    await list.first().getByText('2001:db8::/64').waitFor();
    // Someone else deletes it meanwhile (same account, through the API): the stale Delete fails, says
    // so for five seconds, and the list catches up.
    const api = browser.context.request;
    const me = await (await api.get(`${browser.baseUrl}/api/auth/me`)).json();
    const listPath = `${browser.baseUrl}/api/accounts/${me.currentAccountId}/calculations/ipv6`;
    const [entry] = (await (await api.get(listPath)).json()).items;
    const gone = await api.delete(
      `${browser.baseUrl}/api/accounts/${me.currentAccountId}/calculations/${entry.id}`,
      { data: {} },
    );
    expect(gone.status()).toBe(204);
    await panel(page).getByRole('button', { name: 'Delete 2001:db8::/64 (2001:DB8:0:0:1::1 /64)' }).click();
    const failure = panel(page).getByRole('alert').filter({ hasText: 'Failed to remove subnet' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Not found.');
    await panel(page).getByText('No saved subnets yet.', { exact: false }).waitFor();
  });

  it('fits a phone screen', async () => {
    const { context, baseUrl } = browser;
    const small = await context.newPage();
    await small.setViewportSize(phone);
    await small.goto(`${baseUrl}/tools`);
    await small.getByRole('heading', { name: 'Networking Tools' }).waitFor();
    await fillInputs(small, 'IP Address', '172.16.5.4', 'Subnet Mask', '/20');
    await small.getByTestId('result-cidrNotation').filter({ hasText: '172.16.0.0/20' }).waitFor();
    // A /20 is beyond the free tier's /24–/32: the button says so instead of leading to a refusal.
    await small.getByText('Your tier allows IPv4 prefixes from /24 to /32.').waitFor();
    const width = Number(await small.evaluate('document.documentElement.scrollWidth'));
    expect(width).toBeLessThanOrEqual(phone.width);
    await screenshot(small, 'tools-phone');
    await small.close();
  });
});
