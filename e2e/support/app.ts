import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const password = 'Correct-Horse-42';

/** Signs up through the Sign Up tab of /login and waits for the Dashboard. */
export async function signUp(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login?tab=signup`);
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Logs in through the Login tab of the current page (already on /login). */
export async function logInHere(page: Page, email: string, secret = password): Promise<void> {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(secret);
  await form.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
}

/** Logs in from /login and waits for the Dashboard. */
export async function logIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await logInHere(page, email);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Logs out through the user menu and waits for the login page. */
export async function logOutFromMenu(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: `User menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.waitForURL(/\/login$/);
  await page.getByRole('tab', { name: 'Login' }).waitFor();
}

/** The number shown on a Dashboard card. */
export async function cardValue(page: Page, label: string): Promise<number> {
  const text = await page.getByLabel(label, { exact: true }).getByTestId('stat-value').textContent();
  expect(text).toMatch(/^\d+$/);
  return Number(text);
}

/** Whether the element has the keyboard focus (compared by its id, which Mantine always sets on inputs). */
export async function hasFocus(page: Page, locator: Locator): Promise<boolean> {
  const id = await locator.getAttribute('id');
  const focusedId = await page.evaluate('document.activeElement && document.activeElement.id');
  return id !== null && id === focusedId;
}
