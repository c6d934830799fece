import type { Locator } from 'playwright-core';

/** Picks a subnet in the scanner form's Subnets picker by keyboard: type to filter, arrow to the option, Enter, Tab away. */
export async function pickSubnet(form: Locator, search: string, option: string): Promise<void> {
  const picker = form.getByRole('combobox', { name: 'Subnets to scan' });
  await picker.fill(search);
  await form.page().getByRole('option', { name: option }).waitFor();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await picker.press('Tab');
  await form.getByText(option).waitFor();
}
