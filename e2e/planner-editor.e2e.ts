import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { callApi, currentAccountId, idOf } from './support/planner-api.js';
import { dialog, fillSubnet, node, openPlanner, settled } from './support/planner-page.js';

/** A plan with two top-level /24s, made through the API; answers its id and the API path of its subnets. */
async function twoSubnetPlan(page: Page, name: string) {
  const accountId = await currentAccountId(page);
  const plans = `/api/accounts/${accountId}/plans`;
  const planId = idOf(await callApi(page, 'POST', plans, { name }));
  const subnets = `${plans}/${planId}/subnets`;
  idOf(await callApi(page, 'POST', subnets, { name: 'DMZ', networkAddress: '10.0.2.0', cidr: 24 }));
  idOf(await callApi(page, 'POST', subnets, { name: 'Servers', networkAddress: '10.0.1.0', cidr: 24 }));
  return { planId, subnets, plan: `${plans}/${planId}` };
}

describe('Network Planner subnet editor (issue 29)', () => {
  let browser: Browser;
  let page: Page;
  const email = uniqueEmail('+editor');

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signUp(page, browser.baseUrl, email);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('PL-58: out-of-range numbers keep what was typed and show their message', async () => {
    const { planId } = await twoSubnetPlan(page, 'Numbers');
    await openPlanner(page, browser.baseUrl, planId);
    await page.getByRole('button', { name: 'Add Subnet', exact: true }).click();
    const add = dialog(page, 'Add Subnet');
    await fillSubnet(add, { name: 'Lab', network: '10.0.9.0', cidr: '33', vlan: '5000', currentHosts: '-5' });
    await add.getByRole('textbox', { name: 'Planned Growth %' }).fill('1.5');
    await add.getByRole('textbox', { name: 'Subnet Name' }).click();
    await add.getByText('CIDR must be between 1 and 32.').waitFor();
    await add.getByText('VLAN ID must be between 1 and 4094.').waitFor();
    await add.getByText('Current hosts cannot be negative.').waitFor();
    await screenshot(page, 'planner-editor-out-of-range');
    const valueOf = (label: string) => add.getByRole('textbox', { name: label, exact: true }).inputValue();
    expect(await valueOf('CIDR')).toBe('33');
    expect(await valueOf('VLAN ID')).toBe('5000');
    expect(await valueOf('Current Hosts')).toBe('-5');
    expect(await valueOf('Planned Growth %')).toBe('1.5');

    await fillSubnet(add, { currentHosts: '2.5' });
    await add.getByRole('textbox', { name: 'Subnet Name' }).click();
    await add.getByText('Current hosts must be a whole number.').waitFor();
    // Nothing is saved while a field is wrong.
    await add.getByRole('button', { name: 'Add Subnet' }).click();
    expect(await add.isVisible()).toBe(true);
    await fillSubnet(add, { cidr: '24', vlan: '40', currentHosts: '' });
    await add.getByRole('button', { name: 'Add Subnet' }).click();
    await add.waitFor({ state: 'hidden' });
    await settled(page);
    await node(page, 'Lab', '10.0.9.0/24').getByText('VLAN 40').waitFor();
  });

  it('after a save the next Add Subnet starts at the top level; Add Child pre-fills the selected subnet', async () => {
    const { planId, plan } = await twoSubnetPlan(page, 'Siblings');
    await openPlanner(page, browser.baseUrl, planId);
    const addChild = page.getByRole('button', { name: /^Add child subnet/ });
    expect(await addChild.isDisabled()).toBe(true);
    for (const [name, network] of [
      ['Users', '10.0.4.0'],
      ['Guests', '10.0.5.0'],
    ] as const) {
      await page.getByRole('button', { name: 'Add Subnet', exact: true }).click();
      const add = dialog(page, 'Add Subnet');
      expect(await add.getByRole('combobox', { name: 'Parent Subnet' }).inputValue()).toBe(
        'None (top level)',
      );
      await fillSubnet(add, { name, network, cidr: '24' });
      await add.getByRole('button', { name: 'Add Subnet' }).click();
      await add.waitFor({ state: 'hidden' });
      await settled(page);
    }
    await node(page, 'Guests', '10.0.5.0/24').waitFor();
    expect(await node(page, 'Guests', '10.0.5.0/24').getAttribute('aria-level')).toBe('1');

    await node(page, 'Users', '10.0.4.0/24').click();
    await page.getByRole('button', { name: 'Add child subnet to Users' }).click();
    const child = dialog(page, 'Add Subnet');
    expect(await child.getByRole('combobox', { name: 'Parent Subnet' }).inputValue()).toBe(
      'Users (10.0.4.0/24)',
    );
    await screenshot(page, 'planner-add-child-dialog');
    await fillSubnet(child, { name: 'Printers', network: '10.0.4.0', cidr: '26' });
    await child.getByRole('button', { name: 'Add Subnet' }).click();
    await child.waitFor({ state: 'hidden' });
    await settled(page);
    expect(await node(page, 'Printers', '10.0.4.0/26').getAttribute('aria-level')).toBe('2');
    const saved = await callApi(page, 'GET', plan);
    const subnets = (saved.body as { subnets: { name: string; parentSubnetId: string | null }[] }).subnets;
    expect(subnets.filter((subnet) => subnet.parentSubnetId !== null).map((s) => s.name)).toEqual([
      'Printers',
    ]);
  });

  it('PL-104: with live updates on, a stale open editor gets the 409, keeps its input, and saves on the second try', async () => {
    const { planId, plan } = await twoSubnetPlan(page, 'Shared');
    const other = await openBrowser();
    try {
      await logIn(other.page, other.baseUrl, email);
      await openPlanner(page, browser.baseUrl, planId);
      await openPlanner(other.page, other.baseUrl, planId);
      await node(page, 'Servers', '10.0.1.0/24').waitFor();

      await page.getByRole('button', { name: 'Edit DMZ', exact: true }).click();
      const edit = dialog(page, 'Edit Subnet');
      await edit.getByRole('textbox', { name: 'Description', exact: true }).fill('Public services');

      // The other browser saves meanwhile; the live update refreshes the plan behind A's open editor.
      await other.page.getByRole('button', { name: 'Edit Servers', exact: true }).click();
      const otherEdit = dialog(other.page, 'Edit Subnet');
      await otherEdit.getByRole('textbox', { name: 'Current Hosts' }).fill('10');
      await otherEdit.getByRole('button', { name: 'Save Subnet' }).click();
      await otherEdit.waitFor({ state: 'hidden' });
      const serversBar = page.locator(
        '[role=treeitem][aria-label="Servers 10.0.1.0/24"] [role=progressbar][aria-valuenow="3.9"]',
      );
      await serversBar.waitFor({ state: 'attached', timeout: 2_000 });

      await edit.getByRole('button', { name: 'Save Subnet' }).click();
      const conflict = 'This plan was changed by someone else. Reload it to see the latest version.';
      await edit.getByText(`Error saving subnet: ${conflict}`).waitFor();
      await edit
        .getByText('The plan has been reloaded and what you typed is kept: check it and save again.')
        .waitFor();
      await screenshot(page, 'planner-live-version-conflict');
      expect(await edit.getByRole('textbox', { name: 'Description', exact: true }).inputValue()).toBe(
        'Public services',
      );
      await edit.getByRole('button', { name: 'Save Subnet' }).click();
      await edit.waitFor({ state: 'hidden' });

      // Both changes are kept: neither save overwrote the other.
      const saved = (await callApi(page, 'GET', plan)).body as {
        subnets: { name: string; description: string; planning: { currentHosts: number } }[];
      };
      const byName = new Map(saved.subnets.map((subnet) => [subnet.name, subnet]));
      expect(byName.get('DMZ')?.description).toBe('Public services');
      expect(byName.get('Servers')?.planning.currentHosts).toBe(10);
    } finally {
      await other.close();
    }
  });
});
