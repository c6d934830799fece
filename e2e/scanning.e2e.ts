import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Listeners,
  type LoopbackDns,
  listenOn,
  startLoopbackDns,
} from '../packages/scanner/test/loopback.js';
import { signUp } from './support/app.js';
import { type Browser, laptop, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, startServer } from './support/server.js';
import { pickSubnet } from './support/scanner-form.js';

// Issue 14: subnet scanning end to end, with the real agent on loopback subnets only. A tier-1 owner
// sets up an approval subnet and a scanner in the UI; one --once round of `ipam-scanner` finds every
// host of 127.0.0.0/29 (on Linux all of 127/8 answers) and the open page shows the six approvals live;
// Confirm All makes them In Use. Then an auto subnet, 127.0.1.0/29, where only two addresses listen on
// one TCP port: a `--probe tcp:PORT --refused-is-dead` round writes exactly those two as In Use.
// Reverse DNS goes to a DNS server of the test's own on 127.0.0.1 (never the system's resolver).

const root = resolve(import.meta.dirname, '..');
const agentScript = resolve(root, 'packages/scanner/bin/ipam-scanner.js');

const approvalHosts = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
const autoHosts = ['127.0.1.1', '127.0.1.2', '127.0.1.3', '127.0.1.4', '127.0.1.5', '127.0.1.6'];
const listening = ['127.0.1.2', '127.0.1.5'];

/** PTR answers of the test's DNS server; the other addresses get NXDOMAIN (an empty hostname). */
const ptrAnswers: Record<string, string> = {
  // The hosts file usually answers 127.0.0.1 first; the DNS server agrees with it.
  '1.0.0.127.in-addr.arpa': 'localhost',
  '3.0.0.127.in-addr.arpa': 'printer.lab.test',
  '2.1.0.127.in-addr.arpa': 'web-a.lab.test',
  '5.1.0.127.in-addr.arpa': 'web-b.lab.test',
};
const approvalHostnames: Record<string, string> = { '127.0.0.3': 'printer.lab.test' };
const autoHostnames: Record<string, string> = {
  '127.0.1.2': 'web-a.lab.test',
  '127.0.1.5': 'web-b.lab.test',
};

/**
 * The names 127.0.0.1 may get: c-ares reads the hosts file before DNS, and which of that address's
 * names it gives depends on the machine (e.g. "localhost", or a sandbox's own name listed after it).
 */
function loopbackNames(): string[] {
  const names = new Set(['localhost']);
  let hosts = '';
  try {
    hosts = readFileSync('/etc/hosts', 'utf8');
  } catch {
    // no hosts file: only the DNS answer
  }
  for (const line of hosts.split('\n')) {
    const [address, ...aliases] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (address === '127.0.0.1') for (const alias of aliases) names.add(alias);
  }
  return [...names];
}

/** Picks an option of a Mantine select inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

function addressRow(page: Page, ip: string): Locator {
  return page.getByRole('table', { name: 'IP Addresses' }).locator(`[role=row][data-ip="${ip}"]`);
}

/** Creates a /29 IPv4 subnet with scanning once a day from /ips; returns its page's address. */
async function createScannedSubnet(
  page: Page,
  name: string,
  network: string,
  scanning: 'Approval' | 'Auto',
): Promise<string> {
  await page.getByRole('button', { name: '+ IPv4 Subnet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New IPv4 Subnet' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'VLAN ID' }).fill('127');
  await choose(page, dialog, 'Group', 'Loopback');
  await dialog.getByRole('textbox', { name: 'Network IP Address' }).fill(network);
  await choose(page, dialog, 'Number of Bits', /^\/29$/);
  await choose(page, dialog, 'Scanning Type', scanning);
  await dialog.getByRole('textbox', { name: 'Scan Frequency' }).fill('1');
  await choose(page, dialog, 'Unit', 'Day(s)');
  await dialog.getByRole('button', { name: 'Create Subnet' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: `IP Addresses for Subnet: ${name}` }).waitFor();
  await page.waitForURL(/[?&]subnet=/);
  return page.url();
}

/**
 * Loads a subnet's page afresh and waits until its live event stream is open and its approvals are
 * read, so that what the agent changes next can only reach the page through the stream.
 */
async function openSubnetPage(page: Page, url: string): Promise<unknown> {
  const streamOpen = page.waitForResponse((response) =>
    /\/api\/accounts\/[^/]+\/events$/.test(new URL(response.url()).pathname),
  );
  const approvalsRead = page.waitForResponse(
    (response) =>
      /\/subnets\/[^/]+\/approvals$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'GET',
  );
  await page.goto(url);
  const [stream, approvals] = await Promise.all([streamOpen, approvalsRead]);
  expect(stream.status()).toBe(200);
  expect(approvals.status()).toBe(200);
  return approvals.json();
}

/** The cells of an address row as text: address, status, hostname, description, actions (not the time). */
function rowCells(page: Page, ip: string): Promise<string[]> {
  return addressRow(page, ip).locator('[role=cell]:not([data-column=updated])').allTextContents();
}

describe('scanning with the real agent on loopback subnets', () => {
  let server: AppServer;
  let browser: Browser;
  let dns: LoopbackDns;
  let listeners: Listeners | undefined;
  const agents = new Set<ChildProcess>();
  const owner = uniqueEmail('scanning-owner');
  let key = '';
  let approvalUrl = '';
  let autoUrl = '';
  /** The hostnames the approval round found (127.0.0.1's is read from the first entry). */
  const foundNames: Record<string, string> = { ...approvalHostnames };

  /** One `--once` round of the real agent, always aimed at this test's loopback server and DNS. */
  function runAgent(extra: string[] = []): Promise<{ code: number | null; output: string }> {
    const serverUrl = new URL(server.baseUrl);
    // Network safety: the agent talks to loopback only (its subnets are 127.0.x.0/29 too).
    expect(serverUrl.hostname).toBe('127.0.0.1');
    expect(dns.server).toMatch(/^127\.0\.0\.1:\d+$/);
    const args = [
      agentScript,
      '--server',
      server.baseUrl,
      '--key',
      key,
      '--once',
      '--no-multicast',
      '--dns-server',
      dns.server,
      ...extra,
    ];
    const env = { ...process.env };
    delete env['IPAM_SERVER'];
    delete env['IPAM_SCANNER_KEY'];
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      agents.add(child);
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.once('error', (error) => {
        clearTimeout(timer);
        agents.delete(child);
        fail(error);
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        agents.delete(child);
        done({ code, output });
      });
    });
  }

  beforeAll(async () => {
    server = await startServer({ logName: 'scanning-server' });
    browser = await openBrowser(laptop, server.baseUrl);
    dns = await startLoopbackDns(ptrAnswers);
  });
  afterAll(async () => {
    for (const agent of agents) agent.kill('SIGKILL');
    await listeners?.close();
    await dns?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a tier-1 owner creates an approval subnet 127.0.0.0/29 and registers a scanner for it', async () => {
    const { page, baseUrl } = browser;
    await signUp(page, baseUrl, owner);
    const setTier = await server.cli(['admin', 'set-tier', owner, '1']);
    expect(setTier.code, setTier.output).toBe(0);

    await page.goto(`${baseUrl}/ips`);
    await page.getByRole('button', { name: '+ Group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Create New Group' });
    await groupDialog.getByRole('textbox', { name: 'Name' }).fill('Loopback');
    await groupDialog.getByRole('button', { name: 'Create Group' }).click();
    await groupDialog.waitFor({ state: 'detached' });
    approvalUrl = await createScannedSubnet(page, 'Loopback Approval', '127.0.0.0', 'Approval');
    for (const ip of approvalHosts) await addressRow(page, ip).getByText('Available').waitFor();

    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('tab', { name: 'Scanners' }).click();
    await page.getByText('No scanners yet.').waitFor();
    await page.getByRole('button', { name: '+ Scanner' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Scanner' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Loopback agent');
    await pickSubnet(form, 'Loopback Approval', 'Loopback Approval (127.0.0.0/29)');
    await form.getByRole('button', { name: 'Add Scanner' }).click();

    const keyDialog = page.getByRole('dialog', { name: 'Key of scanner Loopback agent' });
    await keyDialog.getByText('This key will not be shown again.', { exact: false }).waitFor();
    key = await keyDialog.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    await keyDialog.getByRole('button', { name: 'Done' }).click();
    await keyDialog.waitFor({ state: 'detached' });
    const row = page.getByRole('table', { name: 'Scanners' }).getByRole('row').nth(1);
    await row.getByText('Loopback agent').waitFor();
    await row.getByText('Loopback Approval (127.0.0.0/29)').waitFor();
  });

  it('a real scan round shows its six approvals on the open page without a reload', async () => {
    const { page } = browser;
    const approvalsBefore = await openSubnetPage(page, approvalUrl);
    expect(approvalsBefore).toEqual({ items: [] });
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Loopback Approval' }).waitFor();
    for (const ip of approvalHosts) await addressRow(page, ip).getByText('Available').waitFor();
    expect(await page.getByRole('button', { name: /Pending Approvals/ }).count()).toBe(0);
    const loadsBefore = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    const urlBefore = page.url();

    const round = await runAgent();
    expect(round.code, round.output).toBe(0);
    const finished = round.output.match(/job finished .*/g) ?? [];
    expect(finished, round.output).toHaveLength(1);
    expect(finished[0]).toMatch(
      /127\.0\.0\.0\/29.*: 6 alive, 0 dead, 1 batch in .*; server applied 0, approvals 6$/,
    );
    // Reverse DNS asked the test's server (127.0.0.2 has no name there: NXDOMAIN).
    expect(dns.questions).toEqual(
      expect.arrayContaining(['2.0.0.127.in-addr.arpa', '3.0.0.127.in-addr.arpa']),
    );

    // The live event brings the approvals to the page that was open all along.
    const pendingButton = page.getByRole('button', { name: /Pending Approvals/ });
    await pendingButton.waitFor({ timeout: 20_000 });
    await expect.poll(() => pendingButton.textContent()).toBe('Pending Approvals6');
    expect(page.url()).toBe(urlBefore);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loadsBefore);

    await pendingButton.click();
    const dialog = page.getByRole('dialog', { name: 'Pending Approvals' });
    const entries = dialog.getByRole('table', { name: 'Pending Approvals' }).locator('tbody tr');
    await expect.poll(() => entries.count()).toBe(6);
    // 127.0.0.1's name comes from this machine's hosts file (or the test's DNS: "localhost").
    const localName = (await entries.nth(0).getByRole('cell').nth(2).textContent()) ?? '';
    expect(loopbackNames()).toContain(localName);
    foundNames['127.0.0.1'] = localName;
    for (const [index, ip] of approvalHosts.entries()) {
      expect(await entries.nth(index).getByRole('cell').allTextContents()).toEqual([
        ip,
        'Available',
        foundNames[ip] ?? '',
        '',
        'Change to In Use',
        expect.stringMatching(/^Status: Available → In Use/),
        'ConfirmIgnore',
      ]);
    }
    await screenshot(page, 'pending-approvals-real-scan');
  });

  it('Confirm All makes the six addresses In Use, with the hostnames reverse DNS found', async () => {
    const { page } = browser;
    const dialog = page.getByRole('dialog', { name: 'Pending Approvals' });
    await dialog.getByRole('button', { name: 'Confirm All' }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const ip of approvalHosts) await addressRow(page, ip).getByText('In Use').waitFor();
    for (const ip of approvalHosts) {
      // Description, then MAC (none over loopback) and Last seen, which the scan set (issue 33).
      expect(await rowCells(page, ip)).toEqual([
        ip,
        'In Use',
        foundNames[ip] ?? '',
        '',
        '',
        expect.stringMatching(/\d/),
        'Edit',
      ]);
    }
    await page.getByText('100% Used').waitFor();
    expect(await page.getByRole('button', { name: /Pending Approvals/ }).count()).toBe(0);
  });

  it('an auto subnet 127.0.1.0/29: a TCP round writes exactly the two listening addresses as In Use', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/ips`);
    autoUrl = await createScannedSubnet(page, 'Loopback Auto', '127.0.1.0', 'Auto');

    // The same scanner now scans the auto subnet too (the approval subnet is not due again for a day).
    await page.goto(`${baseUrl}/settings?tab=scanners`);
    await page.getByRole('button', { name: 'Edit scanner Loopback agent' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Scanner' });
    await pickSubnet(form, 'Loopback Auto', 'Loopback Auto (127.0.1.0/29)');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('table', { name: 'Scanners' }).getByRole('row').nth(1);
    await row.getByText('Loopback Approval (127.0.0.0/29)').waitFor();
    await row.getByText('Loopback Auto (127.0.1.0/29)').waitFor();

    await openSubnetPage(page, autoUrl);
    await page.getByRole('heading', { name: 'IP Addresses for Subnet: Loopback Auto' }).waitFor();
    for (const ip of autoHosts) await addressRow(page, ip).getByText('Available').waitFor();

    listeners = await listenOn(listening);
    try {
      const round = await runAgent([`--probe`, `tcp:${listeners.port}`, '--refused-is-dead']);
      expect(round.code, round.output).toBe(0);
      const finished = round.output.match(/job finished .*/g) ?? [];
      expect(finished, round.output).toHaveLength(1);
      expect(finished[0]).toMatch(
        /127\.0\.1\.0\/29.*: 2 alive, 4 dead, 1 batch in .*; server applied 2, approvals 0$/,
      );
    } finally {
      await listeners.close();
      listeners = undefined;
    }

    // Written by the server at once, and shown live on the open page.
    for (const ip of listening) await addressRow(page, ip).getByText('In Use').waitFor({ timeout: 20_000 });
    await page.getByText('33% Used').waitFor();
    for (const ip of autoHosts) {
      const isListening = listening.includes(ip);
      expect(await rowCells(page, ip)).toEqual([
        ip,
        isListening ? 'In Use' : 'Available',
        autoHostnames[ip] ?? '',
        '',
        '',
        // Last seen: set for the hosts that answered (issue 33), empty for the silent ones.
        isListening ? expect.stringMatching(/\d/) : '',
        'Edit',
      ]);
    }
    expect(await page.getByRole('button', { name: /Pending Approvals/ }).count()).toBe(0);
    await screenshot(page, 'auto-scan-result');
  });
});
