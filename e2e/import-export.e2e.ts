/// <reference lib="dom" />
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { callApi, currentAccountId, idOf } from './support/planner-api.js';

const CSV_FILE = [
  'ipAddress,status,hostname,description,allowScannerUpdate',
  '10.30.0.1,In Use,gateway,core router,false',
  '10.30.0.2,Reserved,printer-2,"=cmd|calc, 2nd floor",true',
  '10.30.0.9,In Use,web-1,,true',
  '10.30.0.77,In Use,outside,,true',
].join('\r\n');

async function openImport(page: Page, file: string) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import addresses into Imports' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'hosts.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await dialog.getByRole('table', { name: 'Import report' }).waitFor();
  return dialog;
}

describe('Import and export', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signUp(page, browser.baseUrl, uniqueEmail('+io'));
    const accountId = await currentAccountId(page);
    const group = idOf(await callApi(page, 'POST', `/api/accounts/${accountId}/groups`, { name: 'Lab' }));
    const subnet = { name: 'Imports', vlanId: 30, groupId: group, networkIP: '10.30.0.0', bits: 26 };
    idOf(await callApi(page, 'POST', `/api/accounts/${accountId}/subnets`, subnet));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('checks a CSV with a dry run, shows the report per row, and applies only a clean file', async () => {
    await page.goto(`${browser.baseUrl}/ips`);
    await page.getByRole('button', { name: /^Subnet Imports / }).click();
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Imports' }).waitFor();

    const dialog = await openImport(page, CSV_FILE);
    const report = dialog.getByRole('table', { name: 'Import report' });
    // Errors come first, with the reason; then the rows to create.
    await report.getByText('This address is not a host address of the subnet 10.30.0.0/26.').waitFor();
    expect(await report.getByRole('row').count()).toBe(5);
    await dialog.getByText('create: 3').waitFor();
    await dialog.getByText('error: 1').waitFor();
    expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await screenshot(page, 'import-export-dry-run-errors');

    // Without the bad row the file is clean: Apply writes it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const clean = CSV_FILE.split('\r\n').slice(0, 4).join('\r\n');
    const again = await openImport(page, clean);
    await again.getByText('create: 3').waitFor();
    await again.getByText('error: 0').waitFor();
    await screenshot(page, 'import-export-dry-run');
    await again.getByRole('button', { name: 'Apply' }).click();
    await again.waitFor({ state: 'detached' });
    await page.getByText('Imported: 3 created, 0 updated.').waitFor();
    await screenshot(page, 'import-export-ip-view');
    const table = page.getByRole('table', { name: 'IP Addresses' });
    await table.locator('[role=row][data-ip="10.30.0.1"]').getByText('gateway').waitFor();
    await table.locator('[role=row][data-ip="10.30.0.2"]').getByText('=cmd|calc, 2nd floor').waitFor();
  });

  it('exports the written addresses as a real XLSX workbook', async () => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Written addresses (XLSX)' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('Imports_addresses.xlsx');
    const bytes = readFileSync(await file.path());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push(Array.isArray(row.values) ? row.values.slice(1, 6) : []));
    expect(rows).toEqual([
      ['ipAddress', 'status', 'hostname', 'description', 'allowScannerUpdate'],
      ['10.30.0.1', 'In Use', 'gateway', 'core router', false],
      ['10.30.0.2', 'Reserved', 'printer-2', '=cmd|calc, 2nd floor', true],
      ['10.30.0.9', 'In Use', 'web-1', undefined, true],
    ]);
  });

  it("exports the account's subnets and imports subnets into a group from Group Management", async () => {
    await page.goto(`${browser.baseUrl}/settings/groupmanagement`);
    await page.getByRole('button', { name: 'Export subnets' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'All subnets (CSV)' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('ipam_subnets.csv');
    expect(readFileSync(await file.path(), 'utf8')).toBe(
      // Issue 30 added the subnet's VRF (by name) and kind as the last two columns.
      'name,networkIP,prefix,vlanId,description,group,scanningType,scanFrequency,vrf,kind\r\n' +
        'Imports,10.30.0.0,26,30,,Lab,none,,Global,leaf\r\n',
    );

    await page.getByRole('button', { name: 'Import subnets into Lab' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import subnets into Lab' });
    const subnets = 'name,networkIP,prefix,vlanId\r\nServers,10.31.0.0,24,31\r\nClash,10.30.0.0,25,1\r\n';
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'subnets.csv', mimeType: 'text/csv', buffer: Buffer.from(subnets) });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByText('This subnet overlaps the subnet Imports (10.30.0.0/26).').waitFor();
    await screenshot(page, 'import-export-subnets-dry-run');
    const clean = 'name,networkIP,prefix,vlanId\r\nServers,10.31.0.0,24,31\r\n';
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'subnets.csv', mimeType: 'text/csv', buffer: Buffer.from(clean) });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByText('create: 1').waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Imported: 1 created, 0 updated.').waitFor();
  });
});
