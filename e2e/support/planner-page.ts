import type { Locator, Page } from 'playwright-core';

/** The planner's tab, with a plan open when `planId` is given. */
export async function openPlanner(page: Page, baseUrl: string, planId?: string) {
  await page.goto(`${baseUrl}/tools?tab=planner${planId ? `&plan=${planId}` : ''}`);
  await page.getByRole('heading', { name: /^Network Planner/ }).waitFor();
}

/** A dialog by its title. */
export function dialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

/** A tree row, named '{name} {network}'. */
export function node(page: Page, name: string, network: string): Locator {
  return page.getByRole('treeitem', { name: `${name} ${network}`, exact: true });
}

/** The value a stat card shows. */
export async function statValue(page: Page, label: string): Promise<string> {
  return (
    (await page.getByRole('group', { name: label }).getByTestId('stat-value').textContent()) ?? ''
  ).trim();
}

/** Waits until no planner write is running ('Saving changes...' gone). */
export async function settled(page: Page) {
  await page.getByText('Saving changes...').waitFor({ state: 'hidden' });
}

/** Picks an option of a Mantine select inside `scope`. */
export async function pickOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** What a test types into the subnet editor. */
export interface SubnetInput {
  name: string;
  network: string;
  cidr: string;
  currentHosts?: string;
  vlan?: string;
  reserved?: { address: string; type: string };
}

/** Fills the given fields of the subnet editor. */
export async function fillSubnet(form: Locator, input: Partial<SubnetInput>) {
  if (input.name !== undefined) await form.getByRole('textbox', { name: 'Subnet Name' }).fill(input.name);
  if (input.network !== undefined)
    await form.getByRole('textbox', { name: 'Network Address' }).fill(input.network);
  if (input.cidr !== undefined) await form.getByRole('textbox', { name: 'CIDR' }).fill(input.cidr);
  if (input.vlan !== undefined) await form.getByRole('textbox', { name: 'VLAN ID' }).fill(input.vlan);
  if (input.currentHosts !== undefined) {
    await form.getByRole('textbox', { name: 'Current Hosts' }).fill(input.currentHosts);
  }
  if (input.reserved) {
    await form.getByRole('button', { name: 'Add Reserved Address' }).click();
    await form.getByRole('textbox', { name: 'Reserved address 1', exact: true }).fill(input.reserved.address);
    await form.getByRole('combobox', { name: 'Reserved address 1 type' }).fill(input.reserved.type);
  }
}
