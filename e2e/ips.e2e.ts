/// <reference lib="dom" />
import { messages } from '@ipam/core/messages';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from './support/app.js';
import { type Browser, laptop, openBrowser, phone, screenshot, uniqueEmail } from './support/browser.js';
import { answering, registerScanner, silent } from './support/scan-report.js';
import { type AppServer, startServer } from './support/server.js';

const noGroupYet = 'Create a group first: every subnet belongs to a group.';

/** Picks an option of a Mantine select inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function tooltipOf(page: Page, button: Locator): Promise<string> {
  await button.hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  const text = (await tooltip.textContent()) ?? '';
  await page.mouse.move(0, 0);
  await tooltip.waitFor({ state: 'detached' });
  return text;
}

function table(page: Page): Locator {
  return page.getByRole('table', { name: 'IP Addresses' });
}

function addressRow(page: Page, ip: string): Locator {
  return table(page).locator(`[role=row][data-ip="${ip}"]`);
}

async function createGroup(page: Page, name: string, parent?: string): Promise<void> {
  await page.getByRole('button', { name: '+ Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  if (parent) await choose(page, dialog, 'Parent Group', parent);
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await dialog.waitFor({ state: 'detached' });
}

interface SubnetInput {
  name: string;
  vlan: string;
  group: string;
  network: string;
  prefix: string;
}

async function fillSubnet(page: Page, dialog: Locator, input: SubnetInput, prefixLabel: string) {
  await dialog.getByRole('textbox', { name: 'Name' }).fill(input.name);
  await dialog.getByRole('textbox', { name: 'VLAN ID' }).fill(input.vlan);
  await choose(page, dialog, 'Group', input.group);
  await dialog.getByRole('textbox', { name: 'Network IP Address' }).fill(input.network);
  await choose(page, dialog, prefixLabel, new RegExp(`^/${input.prefix}$`));
}

async function createSubnet(page: Page, version: 4 | 6, input: SubnetInput): Promise<void> {
  await page.getByRole('button', { name: `+ IPv${version} Subnet` }).click();
  const dialog = page.getByRole('dialog', { name: `Create New IPv${version} Subnet` });
  await fillSubnet(page, dialog, input, version === 4 ? 'Number of Bits' : 'Prefix Length');
  await dialog.getByRole('button', { name: 'Create Subnet' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: `IP Addresses for Subnet: ${input.name}` }).waitFor();
}

async function openSubnet(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Subnet ${name} `) }).click();
  await page.getByRole('heading', { name: `IP Addresses for Subnet: ${name}` }).waitFor();
}

async function editAddress(page: Page, ip: string) {
  await addressRow(page, ip)
    .getByRole('button', { name: `Edit ${ip}` })
    .click();
  return page.getByRole('dialog', { name: 'Edit IP Address' });
}

/** Whether the last character of a row's address is drawn inside its cell. */
async function addressEndShown(page: Page, ip: string): Promise<boolean> {
  return addressRow(page, ip)
    .getByRole('cell')
    .first()
    .evaluate((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const text = walker.nextNode();
      if (!(text instanceof Text) || text.length === 0) return false;
      const range = document.createRange();
      range.setStart(text, text.length - 1);
      range.setEnd(text, text.length);
      const last = range.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      return last.left >= box.left - 0.5 && last.right <= box.right + 0.5;
    });
}

async function shownCount(page: Page): Promise<string> {
  return (await page.getByText(/^[\d,]+ address(es)? ?(match)?/).textContent()) ?? '';
}

function ipv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

describe('IPs: groups, subnets, addresses and approvals', () => {
  let server: AppServer;
  let browser: Browser;
  const owner = uniqueEmail('ips-owner');

  beforeAll(async () => {
    server = await startServer({ logName: 'ips-server' });
    browser = await openBrowser(laptop, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('starts empty and says why the subnet buttons are off', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, owner);
    await page.goto(`${baseUrl}/ips`);
    await page.getByText('No Groups found').waitFor();
    await page.getByText('Create your first group to get started').waitFor();
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: (None Selected)' }).waitFor();
    await page.getByText('Please select a subnet to view its IP addresses.').waitFor();
    const ipv4Button = page.getByRole('button', { name: '+ IPv4 Subnet' });
    expect(await ipv4Button.getAttribute('aria-disabled')).toBe('true');
    expect(await tooltipOf(page, ipv4Button)).toBe(noGroupYet);
    expect(await tooltipOf(page, page.getByRole('button', { name: '+ IPv6 Subnet' }))).toBe(
      messages.ipv6NotInTier,
    );
    // A click on a button that is off opens nothing.
    await ipv4Button.click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'ips-empty');
  });

  it('creates a group and a nested group', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: '+ Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Group' });
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await dialog.getByText(messages.groupNameRequired).waitFor();
    await screenshot(page, 'ips-group-form-error');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await createGroup(page, 'Datacenter');
    await createGroup(page, 'Racks', 'Datacenter');
    const outer = page.getByRole('button', { name: 'Group Datacenter' });
    await outer.waitFor();
    // The nested group sits inside its parent: closing the parent hides it.
    const inner = page.getByRole('button', { name: 'Group Racks' });
    await inner.waitFor();
    await outer.click();
    await inner.waitFor({ state: 'hidden' });
    await outer.click();
    await inner.waitFor();
    expect(
      await page.getByRole('button', { name: '+ IPv4 Subnet' }).getAttribute('aria-disabled'),
    ).toBeNull();
    await screenshot(page, 'ips-groups');
  });

  it('creates IPv4 subnets up to the free limit; required fields and overlaps are named at the field', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: '+ IPv4 Subnet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New IPv4 Subnet' });
    await dialog.getByRole('button', { name: 'Create Subnet' }).click();
    for (const message of [
      messages.subnetNameRequired,
      messages.vlanIdRequired,
      messages.groupRequired,
      messages.networkIpRequired,
      messages.bitsRequired,
    ]) {
      await dialog.getByText(message).waitFor();
    }
    // The free tier offers /24 to /32 only.
    await dialog.getByRole('combobox', { name: 'Number of Bits', exact: true }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(
      Array.from({ length: 9 }, (_, i) => `/${24 + i}`),
    );
    await page.keyboard.press('Escape');
    // Approval and auto scanning need a frequency.
    await choose(page, dialog, 'Scanning Type', 'Auto');
    await dialog.getByRole('button', { name: 'Create Subnet' }).click();
    await dialog.getByText(messages.scanFrequencyRequired).waitFor();
    await screenshot(page, 'ips-subnet-form-errors');
    await choose(page, dialog, 'Scanning Type', 'No Scanning');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await createSubnet(page, 4, {
      name: 'Office LAN',
      vlan: '10',
      group: 'Racks',
      network: '192.168.1.0',
      prefix: '24',
    });
    await addressRow(page, '192.168.1.1').waitFor();
    expect(await shownCount(page)).toContain('254 addresses');
    await page.getByText('0% Used').waitFor();

    // On a 1024 px screen every column fits beside the panel: Edit is in view, nothing scrolls sideways.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect
      .poll(() => table(page).evaluate((element) => element.scrollWidth - element.clientWidth))
      .toBe(0);
    const edit = await addressRow(page, '192.168.1.1')
      .getByRole('button', { name: 'Edit 192.168.1.1' })
      .boundingBox();
    const frame = await table(page).boundingBox();
    expect(edit && frame && edit.x + edit.width <= frame.x + frame.width).toBe(true);
    await screenshot(page, 'ips-1024');
    await page.setViewportSize(laptop);

    // Overlap: the server's message, under the network field.
    await page.getByRole('button', { name: '+ IPv4 Subnet' }).click();
    const second = page.getByRole('dialog', { name: 'Create New IPv4 Subnet' });
    await fillSubnet(
      page,
      second,
      { name: 'Half', vlan: '11', group: 'Datacenter', network: '192.168.1.128', prefix: '25' },
      'Number of Bits',
    );
    await second.getByRole('button', { name: 'Create Subnet' }).click();
    const overlap = messages.subnetOverlaps('Office LAN', '192.168.1.0/24');
    await second.getByText(overlap).waitFor();
    const networkField = second.getByRole('textbox', { name: 'Network IP Address' });
    expect(await networkField.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'ips-subnet-overlap');
    await networkField.fill('192.168.2.0');
    await choose(page, second, 'Number of Bits', /^\/30$/);
    await second.getByRole('textbox', { name: 'Name' }).fill('Lab');
    await second.getByRole('button', { name: 'Create Subnet' }).click();
    await second.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Lab' }).waitFor();
    expect(await shownCount(page)).toContain('2 addresses');

    const ipv4Button = page.getByRole('button', { name: '+ IPv4 Subnet' });
    expect(await ipv4Button.getAttribute('aria-disabled')).toBe('true');
    expect(await tooltipOf(page, ipv4Button)).toBe(messages.subnetLimitReached(2));
    await screenshot(page, 'ips-free-limit');
  });

  it('edits an address, finds it by search and filter, and clears it', async () => {
    const { page } = browser;
    // On the /30, one of two addresses In Use is 50% Used.
    let dialog = await editAddress(page, '192.168.2.1');
    await choose(page, dialog, 'Status', 'In Use');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('50% Used').waitFor();

    await openSubnet(page, 'Office LAN');
    dialog = await editAddress(page, '192.168.1.10');
    // The address reads in a fixed-width font, its label like every other label.
    const fontOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).fontFamily);
    expect(await fontOf(dialog.getByRole('textbox', { name: 'IP Address' }))).toContain('monospace');
    expect(await fontOf(dialog.getByText('IP Address', { exact: true }))).not.toContain('monospace');
    await choose(page, dialog, 'Status', 'In Use');
    // A hostname is a DNS name: the field says which rule a text breaks, and nothing is saved.
    const hostnameBox = dialog.getByRole('textbox', { name: 'Hostname' });
    await hostnameBox.fill('web 01, rack 2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(messages.hostnameCharacter('a space')).waitFor();
    expect(await hostnameBox.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'ips-hostname-error');
    await hostnameBox.fill('-web-01');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(messages.hostnameLabelHyphen('-web-01')).waitFor();
    await hostnameBox.fill('web-01');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Front web server');
    await screenshot(page, 'ips-edit-address');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = addressRow(page, '192.168.1.10');
    await row.getByText('web-01').waitFor();
    await row.getByText('In Use').waitFor();

    await page.getByRole('textbox', { name: 'Search IPs' }).fill('FRONT web');
    await expect.poll(() => table(page).locator('[role=row][data-ip]').count()).toBe(1);
    await row.waitFor();
    expect(await shownCount(page)).toBe('1 address matches');
    await screenshot(page, 'ips-search');
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    expect(await page.getByRole('textbox', { name: 'Search IPs' }).inputValue()).toBe('');
    await expect.poll(() => shownCount(page)).toContain('254 addresses');

    await page.getByRole('button', { name: 'Show In Use' }).click();
    await expect.poll(() => shownCount(page)).toBe('1 address matches');
    await row.waitFor();
    await page.getByRole('button', { name: 'Show Available' }).click();
    await expect.poll(() => shownCount(page)).toContain('253 addresses match');
    expect(await row.count()).toBe(0);
    await page.getByRole('button', { name: 'Clear Filter' }).click();

    dialog = await editAddress(page, '192.168.1.10');
    expect(await dialog.getByRole('textbox', { name: 'Hostname' }).inputValue()).toBe('web-01');
    // Clear says what it does, Allow scanner update turned off included, before it does it.
    await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
    await dialog.getByText(messages.clearAddressTitle('192.168.1.10')).waitFor();
    await dialog.getByText(messages.clearAddressExplained).waitFor();
    await screenshot(page, 'ips-clear-confirm');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    expect(await dialog.getByText(messages.clearAddressExplained).count()).toBe(0);
    expect(await dialog.getByRole('textbox', { name: 'Hostname' }).inputValue()).toBe('web-01');
    await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
    await dialog.getByRole('button', { name: 'Clear address' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Available').waitFor();
    expect(await row.getByText('web-01').count()).toBe(0);
    dialog = await editAddress(page, '192.168.1.10');
    expect(await dialog.getByRole('checkbox', { name: 'Allow scanner update' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Show In Use' }).click();
    await page.getByText('No IP addresses found for your search/filter.').waitFor();
    await screenshot(page, 'ips-filter-empty');
    await page.getByRole('button', { name: 'Clear Filter' }).click();
  });

  it('Clear Filter shows the whole list at once, never an old search without its filter', async () => {
    const { page } = browser;
    const searchBox = page.getByRole('textbox', { name: 'Search IPs' });
    await page.getByRole('button', { name: 'Show Available' }).click();
    await searchBox.fill('192.168.1.1');
    // .1, .10 to .19 and .100 to .199
    await expect.poll(() => shownCount(page)).toBe('111 addresses match');
    const asked: URL[] = [];
    const onRequest = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/addresses')) asked.push(url);
    };
    page.on('request', onRequest);
    try {
      await page.getByRole('button', { name: 'Clear Filter' }).click();
      await expect.poll(() => shownCount(page)).toBe('254 addresses');
      // A search typed right after Clear Filter does not bring the cleared one back meanwhile.
      await page.getByRole('button', { name: 'Show Available' }).click();
      await searchBox.fill('192.168.1.2');
      await expect.poll(() => shownCount(page)).toBe('66 addresses match');
      await page.getByRole('button', { name: 'Clear Filter' }).click();
      await searchBox.fill('192.168.1.3');
      await expect.poll(() => shownCount(page)).toBe('11 addresses match');
    } finally {
      page.off('request', onRequest);
    }
    const oldSearchAlone = asked.filter(
      (url) =>
        url.searchParams.has('q') &&
        !url.searchParams.has('filter') &&
        url.searchParams.get('q') !== '192.168.1.3',
    );
    expect(oldSearchAlone.map(String)).toEqual([]);
    await page.getByRole('button', { name: 'Clear Filter' }).click();
  });

  it('edits scanning (frequency shown in months, days or hours) and scans on request', async () => {
    const { page } = browser;
    expect(await page.getByRole('button', { name: 'Scan Now' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit subnet Office LAN' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit Subnet' });
    await choose(page, dialog, 'Scanning Type', 'Approval');
    await dialog.getByRole('textbox', { name: 'Scan Frequency' }).fill('48');
    await choose(page, dialog, 'Unit', 'Hour(s)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit Subnet', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Subnet' });
    // 48 hours is shown as 2 days.
    expect(await dialog.getByRole('textbox', { name: 'Scan Frequency' }).inputValue()).toBe('2');
    expect(await dialog.getByRole('combobox', { name: 'Unit' }).inputValue()).toBe('Day(s)');
    expect(await dialog.getByRole('textbox', { name: 'Network' }).inputValue()).toBe('192.168.1.0/24');
    await screenshot(page, 'ips-edit-subnet');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Nothing would scan it: a Free account has no scanners, and on Basic no scanner has the subnet yet
    // (issue 33). Scan Now says why instead of "Scan initiated!"; the discovery test sees it initiated.
    await page.getByRole('button', { name: 'Scan Now' }).click();
    await page.getByText(messages.scannersNotInTier).waitFor();
    expect(await page.getByText('Scan initiated!').count()).toBe(0);
    await screenshot(page, 'ips-scan-refused-free');
    expect((await server.cli(['admin', 'set-tier', owner, '1'])).code).toBe(0);
    await page.getByRole('button', { name: 'Scan Now' }).click();
    await page.getByText(messages.noScannerCovers).waitFor();
    expect(await page.getByText('Scan initiated!').count()).toBe(0);
    await screenshot(page, 'ips-scan-refused-uncovered');
    expect((await server.cli(['admin', 'set-tier', owner, '0'])).code).toBe(0);
  });

  it('confirms and ignores pending approvals', async () => {
    const { page, baseUrl } = browser;
    const subnetId = new URL(page.url()).searchParams.get('subnet') ?? '';
    expect(subnetId).not.toBe('');
    expect(await page.getByRole('button', { name: /Pending Approvals/ }).count()).toBe(0);
    // Approval entries come from a scanner, a paid feature: Basic for this test, Free again after it.
    expect((await server.cli(['admin', 'set-tier', owner, '1'])).code).toBe(0);
    const request = page.context().request;
    const me = (await (await request.get(`${baseUrl}/api/auth/me`)).json()) as { currentAccountId: string };
    const put = async (ip: string, fields: { status: string; hostname?: string }) => {
      const url = `${baseUrl}/api/accounts/${me.currentAccountId}/subnets/${subnetId}/addresses/${ip}`;
      expect((await request.put(url, { data: fields })).status()).toBe(200);
    };
    // Recorded before the scan: one In Use that will not answer, one Reserved that will.
    await put('192.168.1.21', { status: 'In Use', hostname: 'gone' });
    await put('192.168.1.23', { status: 'Reserved' });
    const scanner = await registerScanner(request, baseUrl, [subnetId]);
    await scanner.report(subnetId, [
      answering('192.168.1.20', 'printer-2f'),
      silent('192.168.1.21'),
      answering('192.168.1.22', 'cam-1'),
      answering('192.168.1.23'),
    ]);
    await page.reload();
    await page.getByRole('button', { name: /Pending Approvals/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pending Approvals' });
    const entry = (ip: string) => dialog.getByRole('row').filter({ hasText: ip });
    await entry('192.168.1.20').getByText('Change to In Use').waitFor();
    // What the scan saw, next to the recorded status, so the choice is an informed one.
    expect(await entry('192.168.1.20').getByRole('cell').allTextContents()).toEqual([
      '192.168.1.20',
      'Available',
      'printer-2f',
      '',
      'Change to In Use',
      expect.stringMatching(/^Status: Available → In UseHostname: \(none\) → printer-2fAnswered /),
      'ConfirmIgnore',
    ]);
    await entry('192.168.1.21').getByText('Change to Available').waitFor();
    await screenshot(page, 'ips-approvals');

    await entry('192.168.1.20').getByRole('button', { name: 'Confirm 192.168.1.20' }).click();
    await entry('192.168.1.20').waitFor({ state: 'detached' });
    await entry('192.168.1.21').getByRole('button', { name: 'Ignore 192.168.1.21' }).click();
    await entry('192.168.1.21').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Confirm All' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /Pending Approvals/ }).count()).toBe(0);

    // .20 to .23 are below the fold: a search brings them up.
    await page.getByRole('textbox', { name: 'Search IPs' }).fill('192.168.1.2');
    await addressRow(page, '192.168.1.20').getByText('printer-2f').waitFor();
    await addressRow(page, '192.168.1.20').getByText('In Use').waitFor();
    await addressRow(page, '192.168.1.22').getByText('In Use').waitFor();
    await addressRow(page, '192.168.1.23').getByText('In Use').waitFor();
    // Ignored: the address keeps its record.
    await addressRow(page, '192.168.1.21').getByText('gone').waitFor();
    await addressRow(page, '192.168.1.21').getByText('In Use').waitFor();
    await page.getByText('2% Used').waitFor();
    await page.getByRole('button', { name: 'Clear Filter' }).click();

    // Ignore All removes every entry and changes no address.
    await scanner.report(subnetId, [answering('192.168.1.40', 'nas'), silent('192.168.1.20')]);
    await page.reload();
    await page.getByRole('button', { name: /Pending Approvals/ }).click();
    await dialog.getByRole('row').filter({ hasText: '192.168.1.40' }).waitFor();
    await dialog.getByRole('button', { name: 'Ignore All' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /Pending Approvals/ }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Search IPs' }).fill('192.168.1.20');
    await addressRow(page, '192.168.1.20').getByText('In Use').waitFor();
    await page.getByText('2% Used').waitFor();
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    expect((await server.cli(['admin', 'set-tier', owner, '0'])).code).toBe(0);
  });

  it('deletes a subnet after a confirmation', async () => {
    const { page } = browser;
    await openSubnet(page, 'Lab');
    await page.getByRole('button', { name: 'Edit subnet Lab' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Subnet' });
    await dialog.getByRole('button', { name: 'Delete Subnet' }).click();
    await screenshot(page, 'ips-delete-confirm');
    await dialog.getByRole('button', { name: 'Yes, Delete Subnet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: (None Selected)' }).waitFor();
    expect(await page.getByRole('button', { name: /^Subnet Lab / }).count()).toBe(0);
    expect(
      await page.getByRole('button', { name: '+ IPv4 Subnet' }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('on a paid tier: IPv6 subnets, a /8, and a prefilled create from the URL', async () => {
    const { page, baseUrl } = browser;
    expect((await server.cli(['admin', 'set-tier', owner, '1'])).code).toBe(0);
    // A long network, written in capitals and with host bits set.
    await page.goto(`${baseUrl}/ips?create=ipv6&cidr=2001:DB8:ABCD:1234:5678:9ABC:DEF0:1/120`);
    const dialog = page.getByRole('dialog', { name: 'Create New IPv6 Subnet' });
    expect(await dialog.getByRole('textbox', { name: 'Network IP Address' }).inputValue()).toBe(
      '2001:db8:abcd:1234:5678:9abc:def0:0',
    );
    expect(await dialog.getByRole('combobox', { name: 'Prefix Length' }).inputValue()).toBe('/120');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('V6 Lab');
    await dialog.getByRole('textbox', { name: 'VLAN ID' }).fill('60');
    await choose(page, dialog, 'Group', 'Datacenter');
    await screenshot(page, 'ips-create-ipv6-prefilled');
    // While the server works, the busy overlay covers the form (the request is held back a moment).
    const slowCreate = '**/api/accounts/*/subnets';
    let creates = 0;
    await page.route(slowCreate, async (route) => {
      if (route.request().method() === 'POST') {
        creates += 1;
        await new Promise((done) => setTimeout(done, 1500));
      }
      await route.continue();
    });
    const nameField = dialog.getByRole('textbox', { name: 'Name' });
    await nameField.press('Enter');
    await dialog.getByText('Please wait...').waitFor();
    await screenshot(page, 'ips-busy-overlay');
    // An impatient second Enter sends nothing more (it used to create twice, and the dialog stayed
    // open with the second answer: an overlap with the subnet the first had just created).
    await nameField.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.unroute(slowCreate);
    expect(creates).toBe(1);
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: V6 Lab' }).waitFor();
    // The handled request leaves the URL, so a reload does not open the dialog again.
    expect(new URL(page.url()).searchParams.get('create')).toBeNull();
    expect(new URL(page.url()).searchParams.get('subnet')).not.toBeNull();
    await addressRow(page, '2001:db8:abcd:1234:5678:9abc:def0:0').waitFor();
    // Too long for its column, an address is cut at its start: its end, which tells the rows apart,
    // stays in view. The tree shows the network with its prefix length in full.
    expect(await addressEndShown(page, '2001:db8:abcd:1234:5678:9abc:def0:1')).toBe(true);
    const treeNetwork = page.getByRole('button', { name: /^Subnet V6 Lab / }).getByText(/\/120$/);
    expect(await treeNetwork.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await screenshot(page, 'ips-ipv6-long');
    expect(await shownCount(page)).toContain('256 addresses');

    await createSubnet(page, 4, {
      name: 'Big',
      vlan: '100',
      group: 'Datacenter',
      network: '10.0.0.0',
      prefix: '8',
    });
    await addressRow(page, '10.0.0.1').waitFor();
    expect(await shownCount(page)).toContain('16,777,214 addresses');
    await screenshot(page, 'ips-slash8-top');
  });

  it('scrolls deep into the /8 and shows the right addresses', async () => {
    const { page } = browser;
    const first = 0x0a000001;
    const viewport = page.getByTestId('address-viewport');

    /** Rows drawn in the viewport once their data is there: [row index, address]. */
    const loadedRows = () =>
      viewport.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const drawn = [...element.querySelectorAll<HTMLElement>('[role=row]')].filter((row) => {
          const rect = row.getBoundingClientRect();
          return rect.bottom > box.top + 1 && rect.top < box.bottom - 1;
        });
        if (drawn.some((row) => row.dataset.ip === undefined)) return [];
        return drawn.map((row): [number, string] => [
          Number(row.getAttribute('aria-rowindex')) - 2,
          row.dataset.ip ?? '',
        ]);
      });

    /** Waits until the view is filled with loaded rows (the page of a jump may still be on its way). */
    async function rowsInView(): Promise<[number, string][]> {
      let rows: [number, string][] = [];
      await expect
        .poll(
          async () => {
            rows = await loadedRows();
            return rows.length;
          },
          { timeout: 15_000 },
        )
        .toBeGreaterThan(5);
      return rows;
    }

    function expectRight(rows: [number, string][]) {
      expect(rows.length).toBeGreaterThan(5);
      for (const [index, ip] of rows) expect(ip).toBe(ipv4(first + index));
      rows.forEach(([index], i) => expect(index).toBe((rows[0]?.[0] ?? 0) + i));
    }

    // Drag the scrollbar half way: the middle of 10.0.0.0/8.
    await viewport.evaluate((element) => {
      element.scrollTop = (element.scrollHeight - element.clientHeight) / 2;
    });
    const middle = await rowsInView();
    expectRight(middle);
    expect(Math.abs((middle[0]?.[0] ?? 0) - 8_388_607)).toBeLessThan(170_000);
    // Only the rows in view are in the page.
    expect(await viewport.locator('[role=row]').count()).toBeLessThan(60);
    await screenshot(page, 'ips-slash8-middle');

    // The wheel then moves row by row from there.
    await viewport.hover();
    await page.mouse.wheel(0, 400);
    await expect.poll(async () => ((await rowsInView())[0]?.[0] ?? 0) - (middle[0]?.[0] ?? 0)).toBe(10);
    expectRight(await rowsInView());

    // The very end.
    await viewport.press('End');
    await expect.poll(async () => (await rowsInView()).at(-1)?.[1]).toBe('10.255.255.254');
    expectRight(await rowsInView());
    await screenshot(page, 'ips-slash8-end');

    // An address deep inside, edited and found by search.
    const dialog = await editAddress(page, '10.255.255.250');
    await dialog.getByRole('textbox', { name: 'Hostname' }).fill('deep-host');
    await choose(page, dialog, 'Status', 'Reserved');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Search IPs' }).fill('deep-host');
    await expect.poll(() => shownCount(page)).toBe('1 address matches');
    await addressRow(page, '10.255.255.250').getByText('Reserved').waitFor();
    await page.getByRole('button', { name: 'Clear Filter' }).click();

    // A filtered list pages forward only: a jump walks there, and the rows are still the right ones.
    await page.getByRole('button', { name: 'Show Available' }).click();
    await expect.poll(() => shownCount(page)).toContain('16,777,213 addresses match');
    await viewport.evaluate((element) => {
      element.scrollTop = (element.scrollHeight - element.clientHeight) / 500;
    });
    const filtered = await rowsInView();
    expectRight(filtered);
    expect(filtered[0]?.[0]).toBeGreaterThan(30_000);
    await screenshot(page, 'ips-slash8-available-jump');
    await page.getByRole('button', { name: 'Clear Filter' }).click();
  });

  it('shows a change made in another browser without reloading', async () => {
    const { page, baseUrl } = browser;
    const other = await openBrowser(laptop, baseUrl);
    try {
      await logIn(other.page, baseUrl, owner);
      await openSubnet(page, 'Office LAN');
      await other.page.goto(page.url());
      const seen = addressRow(other.page, '192.168.1.5');
      await seen.getByText('Available').waitFor();

      const dialog = await editAddress(page, '192.168.1.5');
      await choose(page, dialog, 'Status', 'In Use');
      await dialog.getByRole('textbox', { name: 'Hostname' }).fill('live-host');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await seen.getByText('live-host').waitFor({ timeout: 10_000 });

      // A new group shows up in the other browser's tree too.
      await createGroup(page, 'Branch');
      await other.page.getByRole('button', { name: 'Group Branch' }).waitFor({ timeout: 10_000 });
      await screenshot(other.page, 'ips-live-update');
      await other.page.setViewportSize(phone);
      await seen.getByText('live-host').waitFor();
      await screenshot(other.page, 'ips-phone');
    } finally {
      await other.close();
    }
  });
});
