import { messages } from '@ipam/core/messages';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';

function groupsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Groups' });
}

function groupRow(page: Page, name: string): Locator {
  // A row's name starts with its group's name (the parent column may name another group).
  return groupsTable(page).getByRole('row', { name: new RegExp(`^${name} `) });
}

async function addGroup(page: Page, name: string, description: string, parent?: string): Promise<void> {
  await page.getByRole('button', { name: '+ Add Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  if (parent) {
    await dialog.getByRole('combobox', { name: 'Parent Group' }).click();
    await page.getByRole('option', { name: parent }).click();
  }
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await dialog.waitFor({ state: 'detached' });
  await groupRow(page, name).waitFor();
}

async function deleteGroup(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Delete group ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Group' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await confirm.waitFor({ state: 'detached' });
}

describe('group management', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('starts empty, then lists groups with their parent or "No Parent"', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, uniqueEmail('groups'));
    await page.goto(`${baseUrl}/ips`);
    await page.getByRole('link', { name: 'Manage Groups' }).click();
    await page.waitForURL(`${baseUrl}/settings/groupmanagement`);
    await page.getByRole('heading', { name: 'Group Management' }).waitFor();
    await page.getByText('No groups available. Add a new group to get started.').waitFor();
    await screenshot(page, 'groups-empty');

    await addGroup(page, 'Core', 'Core network');
    await addGroup(page, 'Edge', 'Branch offices', 'Core');
    expect(await groupRow(page, 'Core').getByRole('cell').allTextContents()).toEqual([
      'Core',
      'Core network',
      'No Parent',
      'EditImport subnetsDelete',
    ]);
    expect(await groupRow(page, 'Edge').getByRole('cell').nth(2).textContent()).toBe('Core');
    await screenshot(page, 'groups-list');
  });

  it('edits a group; a group cannot move under its own subgroup', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Edit group Edge' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit Group' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('Edge');
    await name.fill('  ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(messages.groupNameRequired).waitFor();
    await name.fill('Edge Sites');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await groupRow(page, 'Edge Sites').waitFor();

    // Core's parent choices leave out Core itself and everything below it.
    await page.getByRole('button', { name: 'Edit group Core' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Group' });
    await dialog.getByRole('combobox', { name: 'Parent Group' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['No Parent']);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('says a group that still holds a group is not empty instead of asking, then deletes both', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Delete group Core' }).click();
    const notice = page.getByRole('dialog', { name: 'Delete Group' });
    await notice.getByText(messages.groupNotEmpty(1, 0)).waitFor();
    expect(await notice.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'groups-delete-refused');
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'detached' });
    await groupRow(page, 'Core').waitFor();

    await deleteGroup(page, 'Edge Sites');
    await groupRow(page, 'Edge Sites').waitFor({ state: 'detached' });
    await deleteGroup(page, 'Core');
    await page.getByText('No groups available. Add a new group to get started.').waitFor();
  });
});
