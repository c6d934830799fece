/// <reference lib="dom" />
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

function rows(page: Page): Locator {
  return page.getByTestId('address-ranges').getByRole('row');
}

describe('IPv6: a /64 leaf listed as written addresses and free ranges', () => {
  let server: AppServer;
  let browser: Browser;
  const owner = uniqueEmail('ipv6-owner');

  beforeAll(async () => {
    server = await startServer({ logName: 'ipv6-ranges-server' });
    browser = await openBrowser(desktop, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("offers the operator's range in the subnet form and shows a /64 as free ranges with jump and next free", async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, owner);
    // The operator widens IPv6 for this account (a paid tier, /32–/128).
    const setTier = await server.cli(['admin', 'set-tier', owner, '1', '--ipv6', '32-128']);
    expect(setTier.code).toBe(0);
    expect(setTier.output).toContain('IPv6 /32-/128');
    await page.goto(`${baseUrl}/ips`);

    await page.getByRole('button', { name: '+ Group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Create New Group' });
    await groupDialog.getByRole('textbox', { name: 'Name' }).fill('Campus');
    await groupDialog.getByRole('button', { name: 'Create Group' }).click();
    await groupDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '+ IPv6 Subnet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New IPv6 Subnet' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Servers v6');
    await dialog.getByRole('textbox', { name: 'VLAN ID' }).fill('64');
    await choose(page, dialog, 'Group', 'Campus');
    await dialog.getByRole('textbox', { name: 'Network IP Address' }).fill('2001:db8:64::');
    await dialog.getByRole('combobox', { name: 'Prefix Length', exact: true }).click();
    // A leaf is /64 or longer, whatever the range: /63 is not offered, /64 and /128 are.
    await page.getByRole('option', { name: /^\/64$/ }).waitFor();
    expect(await page.getByRole('option', { name: /^\/63$/ }).count()).toBe(0);
    expect(await page.getByRole('option', { name: /^\/128$/ }).count()).toBe(1);
    await page.getByRole('option', { name: /^\/64$/ }).click();
    await dialog.getByRole('button', { name: 'Create Subnet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Servers v6' }).waitFor();

    const request = page.context().request;
    const me = (await (await request.get(`${baseUrl}/api/auth/me`)).json()) as { currentAccountId: string };
    const subnetId = new URL(page.url()).searchParams.get('subnet') ?? '';
    const put = async (ip: string, status: string, hostname: string) => {
      const url = `${baseUrl}/api/accounts/${me.currentAccountId}/subnets/${subnetId}/addresses/${ip}`;
      expect((await request.put(url, { data: { status, hostname } })).status()).toBe(200);
    };
    await put('2001:db8:64::1', 'In Use', 'router-a');
    await put('2001:db8:64::2', 'In Use', 'router-b');
    await put('2001:db8:64::3', 'Reserved', 'vip');
    await put('2001:db8:64::4', 'In Use', 'dns');
    await put('2001:db8:64::1:0', 'In Use', 'web');
    await page.reload();

    await rows(page).filter({ hasText: 'router-a' }).waitFor();
    const anycast = page.locator('[data-ip="2001:db8:64::"]');
    await anycast.getByText('Subnet-router anycast').waitFor();
    const firstFree = page.locator('[data-free-first="2001:db8:64::5"]');
    expect(await firstFree.textContent()).toContain('2001:db8:64::5 – 2001:db8:64::ffff · 65,531 free');
    const lastFree = page.locator('[data-free-first="2001:db8:64::1:1"]');
    expect(await lastFree.textContent()).toContain(
      '2001:db8:64::1:1 – 2001:db8:64:0:ffff:ffff:ffff:ffff · 18,446,744,073,709,486,079 free',
    );
    await page.getByText('18,446,744,073,709,551,616 addresses', { exact: true }).waitFor();
    await page.getByTestId('used-percent').getByText('0.0000000000000000271% Used').waitFor();
    await screenshot(page, 'ipv6-ranges-1280');

    // Next free skips the anycast address and the written ones: 2001:db8:64::5, opened for editing.
    await page.getByRole('button', { name: 'Next free' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit IP Address' });
    await edit.waitFor();
    expect(await edit.getByRole('textbox', { name: 'IP Address' }).inputValue()).toBe('2001:db8:64::5');
    await edit.getByRole('textbox', { name: 'Hostname' }).fill('mail');
    await choose(page, edit, 'Status', 'In Use');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await rows(page).filter({ hasText: 'mail' }).waitFor();
    await page.locator('[data-free-first="2001:db8:64::6"]').waitFor();

    // Jump to an address deep in the /64: the list starts at its free range, marked.
    await page.getByRole('textbox', { name: 'Jump to address' }).fill('2001:db8:64:0:8000::');
    await page.getByRole('button', { name: 'Jump' }).click();
    const jumped = page.locator('[data-free-first="2001:db8:64:0:8000::"]');
    await jumped.waitFor();
    expect(await jumped.getAttribute('aria-current')).toBe('true');
    expect(await jumped.textContent()).toContain(
      '2001:db8:64:0:8000:: – 2001:db8:64:0:ffff:ffff:ffff:ffff · 9,223,372,036,854,775,808 free',
    );
    expect(new URL(page.url()).searchParams.get('at')).toBe('2001:db8:64:0:8000::');
    expect(await rows(page).count()).toBe(1);
    await page.setViewportSize({ width: 1024, height: 768 });
    // Beside the panel at 1024 px every column fits: the row's action stays in view.
    const action = await jumped.getByRole('button', { name: 'Edit 2001:db8:64:0:8000::' }).boundingBox();
    const list = await page.getByRole('table', { name: 'IP Addresses' }).boundingBox();
    expect(action && list && action.x + action.width <= list.x + list.width).toBe(true);
    await screenshot(page, 'ipv6-ranges-jump-1024');

    // Not an address of the subnet: said under the box.
    await page.getByRole('textbox', { name: 'Jump to address' }).fill('2001:db8:65::1');
    await page.getByRole('button', { name: 'Jump' }).click();
    await page.getByText('Enter an address of 2001:db8:64::/64.').waitFor();

    // Search and filters work on the same rows.
    await page.getByRole('button', { name: 'Back to the start' }).click();
    await page.getByRole('button', { name: 'Show In Use' }).click();
    await rows(page).filter({ hasText: 'web' }).waitFor();
    expect(await page.locator('[data-free-first]').count()).toBe(0);
    await page.getByText('5 addresses match', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await page.getByRole('textbox', { name: 'Search IPs' }).fill('router');
    await page.getByText('2 addresses match', { exact: true }).waitFor();
    await screenshot(page, 'ipv6-ranges-search-1024');

    // A /120 is listed address by address as before; its anycast address is tagged there too.
    const groups = await request.get(`${baseUrl}/api/accounts/${me.currentAccountId}/groups`);
    const [group] = ((await groups.json()) as { items: { id: string }[] }).items;
    const created = await request.post(`${baseUrl}/api/accounts/${me.currentAccountId}/subnets`, {
      data: {
        name: 'Small v6',
        vlanId: 120,
        groupId: group?.id,
        networkIP: '2001:db8:120::',
        prefixLength: 120,
      },
    });
    expect(created.status()).toBe(201);
    const small = (await created.json()) as { id: string };
    await page.goto(`${baseUrl}/ips?subnet=${small.id}`);
    const smallAnycast = page.getByTestId('address-viewport').locator('[data-ip="2001:db8:120::"]');
    await smallAnycast.getByText('Subnet-router anycast').waitFor();
    expect(await page.getByTestId('address-ranges').count()).toBe(0);
    await page.getByText('256 addresses', { exact: true }).waitFor();
    await screenshot(page, 'ipv6-small-anycast-1024');
    await page.getByRole('button', { name: 'Next free' }).click();
    expect(await edit.getByRole('textbox', { name: 'IP Address' }).inputValue()).toBe('2001:db8:120::1');
    await page.keyboard.press('Escape');
  });
});
