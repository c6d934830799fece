import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';

/** Picks an option of a Mantine select inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

function addressRow(page: Page, ip: string): Locator {
  return page.getByRole('table', { name: 'IP Addresses' }).locator(`[role=row][data-ip="${ip}"]`);
}

/** Opens a subnet's addresses by its link and waits for its first row. */
async function openSubnet(page: Page, baseUrl: string, subnet: { id: string; name: string }, ip: string) {
  await page.goto(`${baseUrl}/ips?subnet=${subnet.id}`);
  await page.getByRole('heading', { name: `IP Addresses for Subnet: ${subnet.name}` }).waitFor();
  await addressRow(page, ip).waitFor();
}

describe('roles: a viewer sees no edit buttons; an editor limited to a group edits only inside it', () => {
  let owner: Browser;
  let colleague: Browser;
  const ownerEmail = uniqueEmail('roles-owner');
  const colleagueEmail = uniqueEmail('roles-colleague');
  let accountId = '';
  const office = { id: '', name: 'Office LAN' };
  const lab = { id: '', name: 'Lab LAN' };
  const plan = { id: '', name: 'Branch rollout' };

  beforeAll(async () => {
    owner = await openBrowser();
    colleague = await openBrowser();
  });
  afterAll(async () => {
    await owner?.close();
    await colleague?.close();
  });

  it('the owner sets up two groups and invites a colleague as a viewer', async () => {
    const { page, baseUrl } = owner;
    await signUp(page, baseUrl, ownerEmail);
    const request = page.context().request;
    const me = (await (await request.get(`${baseUrl}/api/auth/me`)).json()) as { currentAccountId: string };
    accountId = me.currentAccountId;
    const api = `${baseUrl}/api/accounts/${accountId}`;
    for (const [subnet, groupName, networkIP] of [
      [office, 'Office', '10.10.0.0'],
      [lab, 'Lab', '10.20.0.0'],
    ] as const) {
      const group = await request.post(`${api}/groups`, { data: { name: groupName, parentId: null } });
      expect(group.status()).toBe(201);
      const { id: groupId } = (await group.json()) as { id: string };
      const data = { name: subnet.name, vlanId: 1, groupId, networkIP, bits: 24 };
      const created = await request.post(`${api}/subnets`, { data });
      expect(created.status()).toBe(201);
      subnet.id = ((await created.json()) as { id: string }).id;
    }
    const madePlan = await request.post(`${api}/plans`, { data: { name: plan.name, tags: [] } });
    expect(madePlan.status()).toBe(201);
    plan.id = ((await madePlan.json()) as { id: string }).id;
    const planSubnet = { name: 'Branch A', networkAddress: '10.30.0.0', cidr: 24, expectedVersion: 1 };
    expect((await request.post(`${api}/plans/${plan.id}/subnets`, { data: planSubnet })).status()).toBe(201);

    await page.goto(`${baseUrl}/settings?tab=users`);
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(colleagueEmail);
    await choose(page, dialog, 'Role', /^Viewer/);
    await screenshot(page, 'roles-invite-viewer');
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const invites = page.getByRole('table', { name: 'Pending Invites' });
    await invites.getByRole('row').filter({ hasText: colleagueEmail }).getByText('Viewer').waitFor();
  });

  it('a viewer reads everything but sees no edit, add or delete button', async () => {
    const { page, baseUrl } = colleague;
    await signUp(page, baseUrl, colleagueEmail);
    await openSubnet(page, baseUrl, office, '10.10.0.1');
    expect(await addressRow(page, '10.10.0.1').getByRole('button', { name: 'Edit 10.10.0.1' }).count()).toBe(
      0,
    );
    for (const name of ['+ Group', '+ IPv4 Subnet', 'Edit Subnet', `Edit subnet ${office.name}`, 'Import']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.getByRole('checkbox', { name: 'Select 10.10.0.1' }).count()).toBe(0);
    await screenshot(page, 'roles-viewer-addresses');

    await page.goto(`${baseUrl}/settings/groupmanagement`);
    await page.getByRole('table', { name: 'Groups' }).getByText('Office').waitFor();
    expect(await page.getByRole('button', { name: '+ Add Group' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) group / }).count()).toBe(0);

    await page.goto(`${baseUrl}/settings?tab=users`);
    await page.getByRole('table', { name: 'Users' }).getByText(ownerEmail).waitFor();
    expect(await page.getByRole('button', { name: 'Invite User' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'API Tokens' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: `Role of ${colleagueEmail}` }).count()).toBe(0);
    await screenshot(page, 'roles-viewer-team');

    // Plans are read only: no New Plan, no Add Subnet or Validate, no row or menu actions, no refused
    // validation (opening a plan validates it only for those who may change it).
    const validations: string[] = [];
    page.on('request', (request) => request.url().endsWith('/validate') && validations.push(request.url()));
    await page.goto(`${baseUrl}/tools?tab=planner&plan=${plan.id}`);
    await page.getByRole('heading', { name: `Network Planner — ${plan.name}` }).waitFor();
    await page.getByText('Branch A').first().waitFor();
    for (const name of ['New Plan', 'Add Subnet', 'Validate Plan', 'Edit Branch A', 'Delete Branch A']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await page.getByRole('button', { name: 'Plan actions' }).click();
    await page.getByRole('menuitem', { name: 'History' }).waitFor();
    expect(await page.getByRole('menuitem', { name: /Edit Plan|Apply to IPAM|Delete Plan/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByText('Plan validation passed. No issues found.').waitFor();
    expect(await page.getByText(/needs the editor role/).count()).toBe(0);
    expect(validations).toEqual([]);
    await screenshot(page, 'roles-viewer-planner');
  });

  it('the owner makes the colleague an editor limited to Office on the Team screen', async () => {
    const { page } = owner;
    await page.reload();
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByText(colleagueEmail).waitFor();
    await choose(page, users, `Role of ${colleagueEmail}`, 'Editor');
    await page.getByText(`${colleagueEmail} is now editor.`).waitFor();
    const groups = users.getByLabel(`Groups of ${colleagueEmail}`);
    await groups.click();
    await page.getByRole('option', { name: 'Office' }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => {
        const response = await page.context().request.get(`${owner.baseUrl}/api/accounts/${accountId}/users`);
        const body = (await response.json()) as { items: { email: string; groupIds: string[] }[] };
        return body.items.find((item) => item.email === colleagueEmail)?.groupIds.length;
      })
      .toBe(1);
    await screenshot(page, 'roles-team-screen');
  });

  it('the limited editor edits inside Office, and sees no edit button in Lab', async () => {
    const { page, baseUrl } = colleague;
    await openSubnet(page, baseUrl, office, '10.10.0.7');
    const edit = addressRow(page, '10.10.0.7').getByRole('button', { name: 'Edit 10.10.0.7' });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit IP Address' });
    await choose(page, dialog, 'Status', 'In Use');
    await dialog.getByRole('textbox', { name: 'Hostname' }).fill('printer');
    await dialog.getByRole('button', { name: /^(Save|Update)/ }).click();
    await addressRow(page, '10.10.0.7').getByText('printer').waitFor();
    await screenshot(page, 'roles-limited-editor-office');

    await openSubnet(page, baseUrl, lab, '10.20.0.7');
    expect(await addressRow(page, '10.20.0.7').getByRole('button', { name: 'Edit 10.20.0.7' }).count()).toBe(
      0,
    );
    expect(await page.getByRole('button', { name: `Edit subnet ${lab.name}` }).count()).toBe(0);
    // The server holds the line too: a write into Lab is refused, naming the group.
    const refused = await page
      .context()
      .request.put(`${baseUrl}/api/accounts/${accountId}/subnets/${lab.id}/addresses/10.20.0.7`, {
        data: { status: 'In Use' },
      });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toContain('“Lab”');
    await screenshot(page, 'roles-limited-editor-lab');

    await page.goto(`${baseUrl}/settings/groupmanagement`);
    await page.getByRole('button', { name: 'Edit group Office' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit group Lab' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '+ Add Group' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete group / }).count()).toBe(0);
  });
});
