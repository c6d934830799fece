import type { SourceImportJob, SourceImportReport } from '@ipam/core/api/source-import';
import { messages } from '@ipam/core/messages';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPhpipamStandIn, type PhpipamStandIn } from '../packages/server/test/phpipam-stand-in.js';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, phone, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, artifactsDir, startServer } from './support/server.js';
import { type SlowProxy, startSlowProxy } from './support/slow-proxy.js';

const desktop = { width: 1280, height: 900 };
const TOKEN = 'e2e-phpipam-app-code';
const KINDS = ['VRFs', 'Groups', 'Subnets', 'Addresses'] as const;
const KIND_KEYS = { VRFs: 'vrf', Groups: 'group', Subnets: 'subnet', Addresses: 'address' } as const;

/** The counts table as numbers: kind → [imported, updated, unchanged, skipped]. */
async function shownCounts(scope: Locator): Promise<Record<string, number[]>> {
  const table = scope.getByRole('table', { name: 'Counts' });
  const counts: Record<string, number[]> = {};
  for (const kind of KINDS) {
    const cells = await table
      .getByRole('row', { name: new RegExp(`^${kind} `) })
      .getByRole('cell')
      .allTextContents();
    counts[kind] = cells.map((cell) => Number(cell.replace(/,/g, '')));
  }
  return counts;
}

/** The report's counts in the same shape. */
function reportCounts(report: SourceImportReport): Record<string, number[]> {
  return Object.fromEntries(
    KINDS.map((kind) => {
      const c = report.counts[KIND_KEYS[kind]];
      return [kind, [c.imported, c.updated, c.unchanged, c.skipped]];
    }),
  );
}

/**
 * A picture of one part of the page (e2e/artifacts/<name>.png), taken in a window as tall as the page:
 * in a shorter one the fixed header and footer would lie across a long page's picture.
 */
async function shot(part: Locator, name: string): Promise<void> {
  const page = part.page();
  const viewport = page.viewportSize() ?? desktop;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.waitForTimeout(300);
  await part.screenshot({ path: join(artifactsDir, `${name}.png`) });
  await page.setViewportSize(viewport);
}

describe('import from phpIPAM in the browser (issue 31)', () => {
  let server: AppServer;
  let browser: Browser;
  let phpipam: PhpipamStandIn;
  let proxy: SlowProxy;
  const owner = uniqueEmail('import-owner');
  const member = uniqueEmail('import-member');
  let accountId = '';
  let firstPreview: SourceImportReport;

  /** The newest import of the account, with its report (the API the page reads). */
  async function latestImport(): Promise<SourceImportJob> {
    const request = browser.page.context().request;
    const list = (await (
      await request.get(`${browser.baseUrl}/api/accounts/${accountId}/imports`)
    ).json()) as {
      items: SourceImportJob[];
    };
    const newest = list.items[0];
    if (!newest) throw new Error('no import yet');
    return (await (
      await request.get(`${browser.baseUrl}/api/accounts/${accountId}/imports/${newest.id}`)
    ).json()) as SourceImportJob;
  }

  function form(page: Page): Locator {
    return page.getByRole('form', { name: 'Import from phpIPAM or NetBox' });
  }

  async function openImportTab(page: Page): Promise<void> {
    await page.goto(`${browser.baseUrl}/settings`);
    await page.getByRole('tab', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import from phpIPAM / NetBox' }).waitFor();
  }

  async function fillPhpipam(page: Page, token = TOKEN): Promise<void> {
    await form(page).getByRole('textbox', { name: 'URL' }).fill(proxy.url);
    await form(page).getByRole('textbox', { name: 'App ID' }).fill(phpipam.appId);
    await form(page).getByLabel('API token').fill(token);
  }

  beforeAll(async () => {
    phpipam = await startPhpipamStandIn({ token: TOKEN });
    proxy = await startSlowProxy(phpipam.url);
    server = await startServer({ logName: 'source-import-server' });
    browser = await openBrowser(desktop, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await proxy?.close();
    await phpipam?.close();
  });

  it('opens Settings ▸ Import and says under each field what it needs', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, owner);
    // 25 subnets, IPv6 among them from /32 on: a tier with room and the wide IPv6 range.
    expect((await server.cli(['admin', 'set-tier', owner, '2', '--ipv6', '32-128'])).code).toBe(0);
    const me = (await (await page.context().request.get(`${baseUrl}/api/auth/me`)).json()) as {
      currentAccountId: string;
    };
    accountId = me.currentAccountId;
    await openImportTab(page);
    await page.getByText('No imports yet.', { exact: false }).waitFor();
    await page.getByText('The server connects to this URL itself', { exact: false }).waitFor();
    expect(await form(page).getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    expect(await form(page).getByLabel('API token').getAttribute('type')).toBe('password');
    expect(await form(page).getByLabel('API token').getAttribute('autocomplete')).toBe('off');

    await form(page).getByRole('button', { name: 'Preview' }).click();
    await form(page).getByText('Enter the http:// or https:// URL of the source.').waitFor();
    await form(page).getByText('Enter the API app id.').waitFor();
    await form(page).getByText('Enter the API token.').waitFor();
    // NetBox asks for no app id, and for a grouping instead.
    await form(page).getByRole('radio', { name: 'NetBox' }).check();
    await form(page).getByRole('textbox', { name: 'App ID' }).waitFor({ state: 'detached' });
    await form(page).getByRole('combobox', { name: 'Group by' }).waitFor();
    await form(page).getByRole('radio', { name: 'phpIPAM' }).check();
    await form(page).getByRole('textbox', { name: 'App ID' }).fill('my app');
    await form(page).getByRole('textbox', { name: 'URL' }).fill('ftp://ipam');
    await form(page).getByRole('button', { name: 'Preview' }).click();
    await form(page).getByText('The app id holds only letters, digits, _ . and -.').waitFor();
    await shot(page.locator('body'), 'source-import-form-errors');
    await fillPhpipam(page);
    await form(page).getByRole('button', { name: 'Preview' }).waitFor();
    await shot(page.locator('body'), 'source-import-form');
  });

  it('previews the recorded phpIPAM: the counts in "would be" words, nothing written', async () => {
    const { page, baseUrl } = browser;
    await form(page).getByRole('button', { name: 'Preview' }).click();
    const result = page.getByRole('region', { name: 'Preview result' });
    await result.waitFor({ timeout: 60_000 });
    await result.getByRole('heading', { name: 'Preview: nothing was written' }).waitFor();
    const headers = await result
      .getByRole('table', { name: 'Counts' })
      .getByRole('columnheader')
      .allTextContents();
    expect(headers).toEqual([
      'Kind',
      'Would be imported',
      'Would be updated',
      'Would stay unchanged',
      'Would be skipped',
    ]);
    const job = await latestImport();
    expect(job).toMatchObject({ status: 'done', dryRun: true });
    firstPreview = job.report as SourceImportReport;
    expect(await shownCounts(result)).toEqual(reportCounts(firstPreview));
    // The recorded phpIPAM: 2 VRFs, 3 sections and 2 folders, 25 subnets, 1,408 addresses. The empty
    // 2001:db8:200::/48 is too large to hold addresses here, so it comes as a container. Nine addresses
    // lie in subnets that hold subnets (10.1.99.0/24, 198.51.100.0/24).
    expect(reportCounts(firstPreview)).toEqual({
      VRFs: [2, 0, 0, 0],
      Groups: [5, 0, 0, 0],
      Subnets: [25, 0, 0, 0],
      Addresses: [1399, 0, 0, 9],
    });
    // Nothing was written.
    const subnets = await page.context().request.get(`${baseUrl}/api/accounts/${accountId}/subnets`);
    expect(((await subnets.json()) as { items: unknown[] }).items).toHaveLength(0);
    const latest = page.getByRole('table', { name: 'Latest imports' });
    await latest.getByRole('row').nth(1).getByText('Preview', { exact: true }).waitFor();
    await latest.getByRole('row').nth(1).getByText('Done', { exact: true }).waitFor();
    expect(await form(page).getByRole('button', { name: 'Apply' }).isEnabled()).toBe(true);
    await shot(result, 'source-import-preview');
  });

  it('lists the objects skipped first, filters them, and pages through them', async () => {
    const { page } = browser;
    const result = page.getByRole('region', { name: 'Preview result' });
    const objects = result.getByRole('table', { name: 'Imported objects' });
    await objects.waitFor();
    const listed = firstPreview.items.length;
    expect(listed).toBeGreaterThan(50);
    await result.getByText(`1–50 of ${listed.toLocaleString('en-US')}`).waitFor();
    // Skipped first, each with its reason.
    expect(await objects.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'Address',
      '10.1.99.1',
      'phpIPAM address 1382',
      'Would be skipped',
      messages.sourceInContainer('10.1.99.0/24'),
    ]);
    await result.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Would be skipped' }).click();
    await result.getByText('1–9 of 9').waitFor();
    await shot(result, 'source-import-preview-skipped');
    await result.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'All listed' }).click();
    await result.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'VRFs' }).click();
    expect(await objects.getByRole('row').count()).toBe(
      1 + firstPreview.items.filter((i) => i.kind === 'vrf').length,
    );
    await objects.getByRole('cell', { name: 'CUST-A', exact: false }).first().waitFor();
    await result.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'All kinds' }).click();
    await result.getByRole('button', { name: 'Next page' }).click();
    await result.getByText(`51–100 of ${listed.toLocaleString('en-US')}`).waitFor();
  });

  it('applies after a confirmation naming the counts; shows the progress, then the report', async () => {
    const { page } = browser;
    // Each subnet's addresses come a little late, so the progress can be seen.
    proxy.slowDown(/\/subnets\/\d+\/addresses\//, 250);
    await form(page).getByRole('button', { name: 'Apply' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply the import' });
    await confirm.getByRole('listitem').first().waitFor();
    const importLine = await confirm.getByRole('listitem').first().textContent();
    expect(importLine).toBe('Import: 2 VRFs, 5 groups, 25 subnets and 1,399 addresses');
    expect(await confirm.getByRole('listitem').nth(2).textContent()).toBe('Skip: 9 addresses');
    await shot(confirm, 'source-import-confirm');
    await confirm.getByRole('button', { name: 'Apply' }).click();
    const running = page.getByRole('region', { name: 'Import running' });
    await running.waitFor();
    await running.getByText(/addresses so far/).waitFor({ timeout: 30_000 });
    await running.getByText('Step 5 of 5: Reading and writing addresses').waitFor();
    await shot(running, 'source-import-progress');
    proxy.slowDown(/$^/, 0);

    const report = page.getByRole('region', { name: 'Import report' });
    await report.waitFor({ timeout: 60_000 });
    const headers = await report
      .getByRole('table', { name: 'Counts' })
      .getByRole('columnheader')
      .allTextContents();
    expect(headers).toEqual(['Kind', 'Imported', 'Updated', 'Unchanged', 'Skipped']);
    const job = await latestImport();
    expect(job).toMatchObject({ status: 'done', dryRun: false });
    expect(await shownCounts(report)).toEqual(reportCounts(job.report as SourceImportReport));
    // The import did what its preview said.
    expect(reportCounts(job.report as SourceImportReport)).toEqual(reportCounts(firstPreview));
    await shot(report, 'source-import-report');
    // Apply used its preview up: another needs a new preview.
    expect(await form(page).getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);

    const markdown = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Report (Markdown)' }).click();
    const md = await markdown;
    expect(md.suggestedFilename()).toMatch(/^ipam-import-report-\d{4}-\d{2}-\d{2}\.md$/);
    expect(readFileSync(await md.path(), 'utf8')).toMatch(/^# Import report: phpIPAM at /);
    const json = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Report (JSON)' }).click();
    const saved = await json;
    expect(saved.suggestedFilename()).toMatch(/^ipam-import-report-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(readFileSync(await saved.path(), 'utf8'))).toEqual(job.report);
  });

  it('shows the imported groups and subnets on the IPs page', async () => {
    const { page, baseUrl } = browser;
    const subnets = (await (
      await page.context().request.get(`${baseUrl}/api/accounts/${accountId}/subnets`)
    ).json()) as { items: { id: string; networkIP: string; name: string }[] };
    expect(subnets.items).toHaveLength(25);
    const servers = subnets.items.find((subnet) => subnet.networkIP === '10.1.10.0');
    expect(servers?.name).toBe('Servers (campus)');
    await page.goto(`${baseUrl}/ips?subnet=${servers?.id}`);
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Servers (campus)' }).waitFor();
    const tree = page.getByRole('navigation', { name: 'Subnet Groups' });
    await tree.getByRole('button', { name: 'Group Corporate' }).waitFor();
    await tree.getByRole('button', { name: 'Subnet Servers (campus) 10.1.10.0/24' }).waitFor();
    await shot(page.locator('body'), 'source-import-ips');
  });

  it('previews and applies again: everything unchanged', async () => {
    const { page } = browser;
    await openImportTab(page);
    await fillPhpipam(page);
    await form(page).getByRole('button', { name: 'Preview' }).click();
    const result = page.getByRole('region', { name: 'Preview result' });
    await result.waitFor({ timeout: 60_000 });
    const preview = (await latestImport()).report as SourceImportReport;
    for (const kind of ['vrf', 'group', 'subnet', 'address'] as const) {
      expect(preview.counts[kind].imported + preview.counts[kind].updated).toBe(0);
    }
    expect(preview.counts.subnet).toEqual({ imported: 0, updated: 0, unchanged: 25, skipped: 0 });
    await form(page).getByRole('button', { name: 'Apply' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply the import' });
    await confirm.getByText('The preview found nothing to import or update').waitFor();
    await confirm.getByRole('button', { name: 'Apply' }).click();
    const report = page.getByRole('region', { name: 'Import report' });
    await report.waitFor({ timeout: 60_000 });
    const counts = await shownCounts(report);
    for (const kind of KINDS) expect(counts[kind]?.slice(0, 2)).toEqual([0, 0]);
    expect(counts.Subnets).toEqual([0, 0, 25, 0]);
    expect(counts.Addresses).toEqual([0, 0, 1399, 9]);
    // The latest imports, newest first; an older one's report is one click away.
    const latest = page.getByRole('table', { name: 'Latest imports' });
    await expect.poll(() => latest.getByRole('row').count()).toBe(5);
    expect(
      await latest
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[2]?.textContent)),
    ).toEqual(['Import', 'Preview', 'Import', 'Preview']);
    await latest
      .getByRole('button', { name: /^Show the preview of / })
      .last()
      .click();
    const older = page.getByRole('region', { name: 'Preview result' });
    await older.waitFor();
    expect(await shownCounts(older)).toEqual(reportCounts(firstPreview));
  });

  it('says what went wrong with a wrong token, naming phpIPAM', async () => {
    const { page } = browser;
    await openImportTab(page);
    await fillPhpipam(page, 'not-the-token');
    // Enter in a field previews, as the form's first button.
    await form(page).getByLabel('API token').press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'The preview failed' });
    await alert.waitFor({ timeout: 30_000 });
    const label = `phpIPAM at ${proxy.url}api/${phpipam.appId}/`;
    const text = await alert.textContent();
    expect(
      [401, 403].some((status) => text?.includes(messages.sourceRefusedToken(label, status))),
      text ?? '',
    ).toBe(true);
    expect(await form(page).getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await page.getByText('The preview did not finish: correct the settings and preview again.').waitFor();
    await shot(page.getByRole('tabpanel', { name: 'Import' }), 'source-import-error');
    // On a phone the form, the error and the list stay readable in one column.
    await page.setViewportSize(phone);
    await shot(page.locator('body'), 'source-import-error-phone');
    await page.setViewportSize(desktop);
  });

  it('a member sees no Import tab, and the API refuses them', async () => {
    const { page, baseUrl } = browser;
    const invite = await page.context().request.post(`${baseUrl}/api/accounts/${accountId}/invites`, {
      data: { email: member },
    });
    expect(invite.status()).toBe(201);
    const colleague = await openBrowser(desktop, server.baseUrl);
    try {
      await signUp(colleague.page, baseUrl, member);
      const request = colleague.page.context().request;
      const switched = await request.put(`${baseUrl}/api/auth/current-account`, { data: { accountId } });
      expect(switched.status()).toBe(200);
      await colleague.page.goto(`${baseUrl}/settings?tab=import`);
      // The Import tab is an admin's (docs/roles.md): an editor lands on Account Info.
      await colleague.page.getByRole('textbox', { name: 'Account ID', exact: true }).waitFor();
      expect(
        await colleague.page.getByRole('textbox', { name: 'Account ID', exact: true }).inputValue(),
      ).toBe(accountId);
      await colleague.page.getByRole('tab', { name: 'Users' }).waitFor();
      expect(await colleague.page.getByRole('tab', { name: 'Import' }).count()).toBe(0);
      const refused = await request.get(`${baseUrl}/api/accounts/${accountId}/imports`);
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe(messages.importOwnerOnly);
      await screenshot(colleague.page, 'source-import-member-settings');
    } finally {
      await colleague.close();
    }
  });
});
