import { messages } from '@ipam/core/messages';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';

const desktop = { width: 1280, height: 800 };

/** Picks an option of a Mantine select inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

function contents(page: Page): Locator {
  return page.getByRole('table', { name: 'Container contents' });
}

/** The container view's rows as text, one string per row (cells joined by " | "). */
async function contentRows(page: Page): Promise<string[]> {
  const rows = contents(page).locator('tbody tr');
  const texts: string[] = [];
  for (const row of await rows.all()) {
    const cells = await row.getByRole('cell').allTextContents();
    texts.push(
      cells
        .map((cell) => cell.trim())
        .filter((cell) => cell !== '')
        .join(' | '),
    );
  }
  return texts;
}

function vrfRow(page: Page, name: string): Locator {
  return page.getByRole('table', { name: 'VRFs' }).getByRole('row', { name: new RegExp(`^${name} `) });
}

describe('VRFs and nested prefixes', () => {
  let server: AppServer;
  let browser: Browser;
  const owner = uniqueEmail('vrf-owner');
  let accountId = '';
  let groupId = '';

  /** Creates a subnet through the API (the browser's session), for the parts the test does not click. */
  async function createSubnetApi(body: Record<string, unknown>): Promise<{ id: string }> {
    const { page, baseUrl } = browser;
    const response = await page.context().request.post(`${baseUrl}/api/accounts/${accountId}/subnets`, {
      data: { vlanId: 1, groupId, ...body },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as { id: string };
  }

  beforeAll(async () => {
    server = await startServer({ logName: 'vrfs-server' });
    browser = await openBrowser(desktop, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a /16 container with three /24s and the free blocks between them', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, owner);
    // A /16 is a paid tier's prefix.
    expect((await server.cli(['admin', 'set-tier', owner, '1'])).code).toBe(0);
    const request = page.context().request;
    const me = (await (await request.get(`${baseUrl}/api/auth/me`)).json()) as { currentAccountId: string };
    accountId = me.currentAccountId;

    await page.goto(`${baseUrl}/ips`);
    await page.getByRole('button', { name: '+ Group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Create New Group' });
    await groupDialog.getByRole('textbox', { name: 'Name' }).fill('Datacenter');
    await groupDialog.getByRole('button', { name: 'Create Group' }).click();
    await groupDialog.waitFor({ state: 'detached' });
    const groups = (await (await request.get(`${baseUrl}/api/accounts/${accountId}/groups`)).json()) as {
      items: { id: string }[];
    };
    groupId = groups.items[0]?.id ?? '';

    // The container through the form: with Global alone there is no VRF to choose; a container has no scanning.
    await page.getByRole('button', { name: '+ IPv4 Subnet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New IPv4 Subnet' });
    expect(await dialog.getByRole('combobox', { name: 'VRF' }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('DC Block');
    await dialog.getByRole('textbox', { name: 'VLAN ID' }).fill('1');
    await choose(page, dialog, 'Group', 'Datacenter');
    await dialog.getByRole('textbox', { name: 'Network IP Address' }).fill('10.20.0.0');
    await choose(page, dialog, 'Number of Bits', /^\/16$/);
    await dialog.getByRole('combobox', { name: 'Scanning Type' }).waitFor();
    await dialog.getByText('Container', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: 'Container' }).isChecked()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Scanning Type' }).waitFor({ state: 'detached' });
    await screenshot(page, 'vrfs-create-container');
    await dialog.getByRole('button', { name: 'Create Subnet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Container: DC Block' }).waitFor();
    await contents(page).waitFor();
    expect(await contentRows(page)).toEqual(['10.20.0.0/16 — 65,536 addresses free | Create subnet here']);

    const servers = await createSubnetApi({ name: 'Servers', networkIP: '10.20.0.0', bits: 24 });
    await createSubnetApi({ name: 'Storage', networkIP: '10.20.1.0', bits: 24 });
    await createSubnetApi({ name: 'Voice', networkIP: '10.20.5.0', bits: 24 });
    // Three addresses in use in Servers: its row and the container's leaf use follow (live).
    for (const ip of ['10.20.0.10', '10.20.0.11', '10.20.0.12']) {
      const url = `${baseUrl}/api/accounts/${accountId}/subnets/${servers.id}/addresses/${ip}`;
      expect((await request.put(url, { data: { status: 'In Use' } })).status()).toBe(200);
    }
    await contents(page).getByRole('button', { name: 'Open Voice' }).waitFor();
    await page.getByTestId('leaf-used-percent').getByText('<1% of leaf addresses used').waitFor();
    // The rows' use is a query of its own: it can follow the total above a moment later.
    await contents(page).locator('tbody tr', { hasText: 'Servers' }).getByText('1% used').waitFor();
    expect(await contentRows(page)).toEqual([
      'Servers | 10.20.0.0/24 | Leaf | 1% used',
      'Storage | 10.20.1.0/24 | Leaf | 0% used',
      '10.20.2.0/23 — 512 addresses free | Create subnet here',
      '10.20.4.0/24 — 256 addresses free | Create subnet here',
      'Voice | 10.20.5.0/24 | Leaf | 0% used',
      '10.20.6.0/23 — 512 addresses free | Create subnet here',
      '10.20.8.0/21 — 2,048 addresses free | Create subnet here',
      '10.20.16.0/20 — 4,096 addresses free | Create subnet here',
      '10.20.32.0/19 — 8,192 addresses free | Create subnet here',
      '10.20.64.0/18 — 16,384 addresses free | Create subnet here',
      '10.20.128.0/17 — 32,768 addresses free | Create subnet here',
    ]);
    expect(await page.getByTestId('covered-percent').textContent()).toBe('1% covered by subnets');
    // In the tree the three sit under their container, in address order.
    const container = page.getByRole('button', { name: 'Container DC Block 10.20.0.0/16' });
    expect(await container.getAttribute('aria-current')).toBe('true');
    expect(
      await page
        .getByRole('navigation', { name: 'Subnet Groups' })
        .getByRole('button', { name: /^(Subnet|Container) / })
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label'))),
    ).toEqual([
      'Container DC Block 10.20.0.0/16',
      'Subnet Servers 10.20.0.0/24',
      'Subnet Storage 10.20.1.0/24',
      'Subnet Voice 10.20.5.0/24',
    ]);
    await screenshot(page, 'vrfs-container-view-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'vrfs-container-view-1024');
    await page.setViewportSize(desktop);
  });

  it('creates a subnet in a free block from "Create subnet here", then opens children', async () => {
    const { page } = browser;
    await contents(page).getByRole('button', { name: 'Create subnet in 10.20.4.0/24' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New IPv4 Subnet' });
    expect(await dialog.getByRole('textbox', { name: 'Network IP Address' }).inputValue()).toBe('10.20.4.0');
    expect(await dialog.getByRole('combobox', { name: 'Number of Bits' }).inputValue()).toBe('/24');
    expect(await dialog.getByRole('combobox', { name: 'Group' }).inputValue()).toBe('Datacenter');
    expect(await dialog.getByRole('radio', { name: 'Leaf' }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lab');
    await dialog.getByRole('textbox', { name: 'VLAN ID' }).fill('40');
    await screenshot(page, 'vrfs-create-here-prefilled');
    await dialog.getByRole('button', { name: 'Create Subnet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Lab' }).waitFor();

    await page.getByRole('button', { name: 'Container DC Block 10.20.0.0/16' }).click();
    await page.getByRole('heading', { name: 'Container: DC Block' }).waitFor();
    const rows = await contentRows(page);
    expect(rows.slice(0, 5)).toEqual([
      'Servers | 10.20.0.0/24 | Leaf | 1% used',
      'Storage | 10.20.1.0/24 | Leaf | 0% used',
      '10.20.2.0/23 — 512 addresses free | Create subnet here',
      'Lab | 10.20.4.0/24 | Leaf | 0% used',
      'Voice | 10.20.5.0/24 | Leaf | 0% used',
    ]);
    expect(await page.getByTestId('covered-percent').textContent()).toBe('2% covered by subnets');

    // Clicking a child opens it.
    await contents(page).getByRole('button', { name: 'Open Storage' }).click();
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Storage' }).waitFor();
    await screenshot(page, 'vrfs-tree-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'vrfs-tree-1024');
    await page.setViewportSize(desktop);
  });

  it('holds the same /24 in two VRFs, both visible and told apart', async () => {
    const { page, baseUrl } = browser;
    await page.getByRole('link', { name: 'Manage VRFs' }).click();
    await page.waitForURL(`${baseUrl}/settings/vrfs`);
    await page.getByRole('heading', { name: 'VRF Management' }).waitFor();
    await page.getByRole('button', { name: '+ Add VRF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create VRF' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Blue');
    await dialog.getByRole('textbox', { name: 'Route Distinguisher' }).fill('65000:blue');
    await dialog.getByRole('button', { name: 'Create VRF' }).click();
    await dialog.getByText(messages.vrfRdInvalid).waitFor();
    await screenshot(page, 'vrfs-rd-invalid');
    await dialog.getByRole('textbox', { name: 'Route Distinguisher' }).fill('65000:10');
    await dialog.getByRole('button', { name: 'Create VRF' }).click();
    await dialog.waitFor({ state: 'detached' });
    await vrfRow(page, 'Blue').waitFor();

    await page.getByRole('link', { name: 'Back to IPs' }).click();
    for (const [name, vrf] of [
      ['Office', 'Global'],
      ['Office Blue', 'Blue (65000:10)'],
    ] as const) {
      await page.getByRole('button', { name: '+ IPv4 Subnet' }).click();
      const form = page.getByRole('dialog', { name: 'Create New IPv4 Subnet' });
      // Global is the default choice.
      expect(await form.getByRole('combobox', { name: 'VRF' }).inputValue()).toBe('Global');
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('textbox', { name: 'VLAN ID' }).fill('50');
      await choose(page, form, 'Group', 'Datacenter');
      await choose(page, form, 'VRF', vrf);
      await form.getByRole('textbox', { name: 'Network IP Address' }).fill('192.168.50.0/24');
      await form.getByRole('button', { name: 'Create Subnet' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: `IP Addresses for Subnet: ${name}` }).waitFor();
    }
    // The same network a second time in Blue is refused under the network.
    await page.getByRole('button', { name: '+ IPv4 Subnet' }).click();
    const again = page.getByRole('dialog', { name: 'Create New IPv4 Subnet' });
    await again.getByRole('textbox', { name: 'Name' }).fill('Office Again');
    await again.getByRole('textbox', { name: 'VLAN ID' }).fill('50');
    expect(await again.getByRole('combobox', { name: 'VRF' }).inputValue()).toBe('Blue (65000:10)');
    await again.getByRole('textbox', { name: 'Network IP Address' }).fill('192.168.50.0/24');
    await again.getByRole('button', { name: 'Create Subnet' }).click();
    await again.getByText(messages.subnetOverlaps('Office Blue', '192.168.50.0/24')).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    const tree = page.getByRole('navigation', { name: 'Subnet Groups' });
    const global = tree.getByRole('button', { name: 'Subnet Office 192.168.50.0/24', exact: true });
    const blue = tree.getByRole('button', { name: 'Subnet Office Blue 192.168.50.0/24 in VRF Blue' });
    await global.waitFor();
    await blue.waitFor();
    expect(await blue.textContent()).toContain('192.168.50.0/24 · Blue');
    expect(await global.textContent()).not.toContain('Blue');
    // The panel's VRF filter shows one VRF's subnets, then all again.
    await choose(page, tree.locator('..'), 'VRF', 'Blue');
    await global.waitFor({ state: 'detached' });
    await blue.waitFor();
    await choose(page, tree.locator('..'), 'VRF', 'All VRFs');
    await global.waitFor();
    await page.getByText('192.168.50.0/24 · VRF Blue · VLAN 50').waitFor();
    // One address of 254 in use rounds to 0 %: the view says "<1% Used", not that the subnet is empty.
    await page.getByText('0% Used', { exact: true }).waitFor();
    const blueId = new URL(page.url()).searchParams.get('subnet');
    const written = await page
      .context()
      .request.put(`${baseUrl}/api/accounts/${accountId}/subnets/${blueId}/addresses/192.168.50.9`, {
        data: { status: 'In Use', hostname: 'blue-gw', description: '', allowScannerUpdate: true },
      });
    expect(written.status()).toBe(200);
    await page.getByText('<1% Used', { exact: true }).waitFor();

    // Edit shows the VRF and the kind, read-only.
    await page.getByRole('button', { name: 'Edit subnet Office Blue' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Subnet' });
    expect(await edit.getByRole('textbox', { name: 'VRF' }).inputValue()).toBe('Blue');
    expect(await edit.getByRole('textbox', { name: 'Kind' }).inputValue()).toBe('Leaf: holds addresses');
    expect(await edit.getByRole('textbox', { name: 'VRF' }).getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'vrfs-edit-readonly');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    await screenshot(page, 'vrfs-two-vrfs-1280');
  });

  it('searches every VRF or one, naming the VRF of each subnet found', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/search?q=192.168.50.0`);
    const found = page.getByRole('region', { name: /^Subnet Office/ });
    await page.getByText('in 2 subnets.', { exact: false }).waitFor();
    expect(await found.count()).toBe(2);
    await page.getByRole('region', { name: 'Subnet Office Blue' }).getByText('VRF Blue').waitFor();
    expect(
      await page.getByRole('region', { name: 'Subnet Office', exact: true }).getByText('VRF ').count(),
    ).toBe(0);
    await page.getByRole('combobox', { name: 'VRF' }).click();
    await page.getByRole('option', { name: 'Blue' }).click();
    await page.waitForURL(/vrf=/);
    await page.getByText('in 1 subnet.', { exact: false }).waitFor();
    expect(await found.count()).toBe(1);
    await page.getByRole('region', { name: 'Subnet Office Blue' }).waitFor();
    await screenshot(page, 'vrfs-search-one-vrf');
    await page.goto(`${baseUrl}/ips`);
  });

  it('renames a VRF, refuses to delete one with subnets or Global, deletes an empty one', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Manage VRFs' }).click();
    await page.getByRole('heading', { name: 'VRF Management' }).waitFor();
    expect(await vrfRow(page, 'Global').getByRole('cell').allTextContents()).toEqual([
      'GlobalDefault',
      '—',
      '',
      '6',
      'EditDelete',
    ]);
    expect(
      await vrfRow(page, 'Global')
        .getByRole('button', { name: 'Delete VRF Global' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(await vrfRow(page, 'Blue').getByRole('cell').nth(3).textContent()).toBe('1');

    await page.getByRole('button', { name: 'Edit VRF Blue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit VRF' });
    expect(await dialog.getByRole('textbox', { name: 'Route Distinguisher' }).inputValue()).toBe('65000:10');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Blue Prod');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Production routing domain');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await vrfRow(page, 'Blue Prod').waitFor();

    await page.getByRole('button', { name: 'Delete VRF Blue Prod' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete VRF' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    const refusal = page.getByRole('alert').filter({ hasText: 'VRF Blue Prod was not deleted' });
    await refusal.getByText(messages.vrfNotEmpty(1)).waitFor();
    await vrfRow(page, 'Blue Prod').waitFor();
    await screenshot(page, 'vrfs-delete-refused');

    await page.getByRole('button', { name: '+ Add VRF' }).click();
    const create = page.getByRole('dialog', { name: 'Create VRF' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Temp');
    await create.getByRole('button', { name: 'Create VRF' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete VRF Temp' }).click();
    await page.getByRole('dialog', { name: 'Delete VRF' }).getByRole('button', { name: 'Delete' }).click();
    await vrfRow(page, 'Temp').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'vrfs-list-1024');
    await page.setViewportSize(desktop);
  });

  it('shows a /48 container with /64 leaves, counting the free /64s exactly', async () => {
    const { page, baseUrl } = browser;
    expect((await server.cli(['admin', 'set-tier', owner, '1', '--ipv6', '32-128'])).code).toBe(0);
    const site = await createSubnetApi({
      name: 'Campus v6',
      networkIP: '2001:db8:40::',
      prefixLength: 48,
      kind: 'container',
    });
    await createSubnetApi({ name: 'Users v6', networkIP: '2001:db8:40::', prefixLength: 64 });
    await createSubnetApi({ name: 'Servers v6', networkIP: '2001:db8:40:2::', prefixLength: 64 });
    await page.goto(`${baseUrl}/ips?subnet=${site.id}`);
    await page.getByRole('heading', { name: 'Container: Campus v6' }).waitFor();
    // 2^16 /64s in the /48, two of them taken.
    await page.getByText('(65,534 /64s)', { exact: false }).waitFor();
    const rows = await contentRows(page);
    expect(rows[0]).toContain('Users v6');
    expect(rows[1]).toBe(
      '2001:db8:40:1::/64 — 18,446,744,073,709,551,616 addresses free | Create subnet here',
    );
    expect(rows[2]).toContain('Servers v6');
    expect(rows[3]).toContain('2001:db8:40:3::/64 — 18,446,744,073,709,551,616 addresses free');
    expect(rows.some((row) => row.includes('2001:db8:40:4::/62') && row.includes('4 /64s'))).toBe(true);
    await screenshot(page, 'vrfs-ipv6-container-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'vrfs-ipv6-container-1024');
    await page.setViewportSize(desktop);
  });

  it('reads the tree level by level: a deep subnet opens its containers, a closed one is read when opened', async () => {
    const { page, baseUrl } = browser;
    // Room for more than Basic's 10 subnets.
    expect((await server.cli(['admin', 'set-tier', owner, '2', '--ipv6', '32-128'])).code).toBe(0);
    const region = await createSubnetApi({
      name: 'Region',
      networkIP: '10.40.0.0',
      bits: 16,
      kind: 'container',
    });
    const row = await createSubnetApi({ name: 'Row', networkIP: '10.40.8.0', bits: 22, kind: 'container' });
    const rack = await createSubnetApi({ name: 'Rack', networkIP: '10.40.9.0', bits: 24 });
    const other = await createSubnetApi({
      name: 'Other',
      networkIP: '10.50.0.0',
      bits: 16,
      kind: 'container',
    });
    await createSubnetApi({ name: 'Other Leaf', networkIP: '10.50.1.0', bits: 24 });
    const reads: string[] = [];
    const listener = (request: { url: () => string; method: () => string }) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith(`/api/accounts/${accountId}/subnets`)) {
        reads.push(`${url.pathname.replace(`/api/accounts/${accountId}`, '')}${url.search}`);
      }
    };
    page.on('request', listener);
    try {
      await page.goto(`${baseUrl}/ips?subnet=${rack.id}`);
      await page.getByRole('heading', { name: 'IP Addresses for Subnet: Rack' }).waitFor();
      const tree = page.getByRole('navigation', { name: 'Subnet Groups' });
      const rackButton = tree.getByRole('button', { name: 'Subnet Rack 10.40.9.0/24' });
      await rackButton.waitFor();
      expect(await rackButton.getAttribute('aria-current')).toBe('true');
      await tree.getByRole('button', { name: 'Container Row 10.40.8.0/22' }).waitFor();
      // Never the whole list; the top, the selected subnet's chain and its containers' levels only.
      const subnetReads = reads.filter((read) => !read.includes('/addresses'));
      expect(subnetReads).not.toContain('/subnets');
      expect(subnetReads).toEqual(
        expect.arrayContaining([
          '/subnets?parentId=none',
          `/subnets/${rack.id}`,
          `/subnets/${row.id}`,
          `/subnets/${region.id}`,
          `/subnets?parentId=${region.id}`,
          `/subnets?parentId=${row.id}`,
        ]),
      );
      expect(subnetReads.some((read) => read.includes(other.id))).toBe(false);
      expect(await tree.getByRole('button', { name: 'Subnet Other Leaf 10.50.1.0/24' }).count()).toBe(0);

      // Opening the other container reads its level, and shows its subnets under it.
      await tree.getByRole('button', { name: 'Container Other 10.50.0.0/16' }).click();
      await page.getByRole('heading', { name: 'Container: Other' }).waitFor();
      await tree.getByRole('button', { name: 'Subnet Other Leaf 10.50.1.0/24' }).waitFor();
      expect(reads).toContain(`/subnets?parentId=${other.id}`);
      await screenshot(page, 'vrfs-lazy-tree-1280');

      // A container view reads the levels below it: Row's coverage and Rack's use (two levels down).
      await tree.getByRole('button', { name: 'Container Region 10.40.0.0/16' }).click();
      await page.getByRole('heading', { name: 'Container: Region' }).waitFor();
      await page.getByTestId('leaf-used-percent').getByText('0% of leaf addresses used').waitFor();
      const rows = await contentRows(page);
      expect(rows).toContain('Row | 10.40.8.0/22 | Container | 25% covered');
      expect(await page.getByTestId('covered-percent').textContent()).toBe('2% covered by subnets');
    } finally {
      page.off('request', listener);
    }
  });
});
