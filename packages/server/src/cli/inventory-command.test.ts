import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { ensureServerBuilt, repoRoot, runIpam, serverEnv } from '../../test/built-server.js';
import { accountSession, postGroup, postSubnet, type AccountSession } from '../../test/ipam-factories.js';
import { parseInventoryArgs } from './inventory-command.js';

const run = promisify(execFile);

it('reads the server, token and account from flags or the environment, and needs --list or --host', () => {
  const env = { IPAM_URL: 'http://127.0.0.1:9/', IPAM_TOKEN: 'ipam_x', IPAM_ACCOUNT: 'acc' };
  expect(parseInventoryArgs(['--list'], env)).toEqual({
    url: 'http://127.0.0.1:9',
    token: 'ipam_x',
    accountId: 'acc',
    group: null,
    host: null,
  });
  expect(
    parseInventoryArgs(['--host', 'web-1', '--group', 'Lab', '--url', 'https://ipam.example'], env),
  ).toEqual(expect.objectContaining({ url: 'https://ipam.example', group: 'Lab', host: 'web-1' }));
  expect(parseInventoryArgs([], env)).toEqual({ problem: 'give either --list or --host HOST' });
  expect(parseInventoryArgs(['--list', '--host', 'a'], env)).toEqual({
    problem: 'give either --list or --host HOST',
  });
  expect(parseInventoryArgs(['--list'], {})).toEqual({
    problem: 'give the server with --url (or IPAM_URL): http(s)://…',
  });
  expect(parseInventoryArgs(['--list', '--frob'], env)).toEqual({ problem: 'unknown option --frob' });
});

/** Two groups (one inside another) and two subnets with hosts; answers the session and a read token. */
async function seeded(me: AccountSession): Promise<string> {
  const site = await postGroup(me, 'Site A');
  const servers = await postGroup(me, 'Servers & DBs', site.id);
  const lab = await postGroup(me, '9 Lab');
  const web = (await postSubnet(me, servers.id, '10.0.1.0/24', { name: 'Web', vlanId: 20 })).body;
  const bench = (await postSubnet(me, lab.id, '10.9.0.0/24', { name: 'Bench', vlanId: 30 })).body;
  const put = (subnetId: string, ip: string, hostname: string, description = '') =>
    me.call('PUT', `/subnets/${subnetId}/addresses/${ip}`, { status: 'In Use', hostname, description });
  await put(web.id, '10.0.1.10', 'web-1', 'nginx "front"');
  await put(web.id, '10.0.1.11', 'web-2');
  await put(bench.id, '10.9.0.5', 'probe.lab.example');
  await me.call('PUT', `/subnets/${web.id}/addresses/10.0.1.12`, { status: 'Reserved', hostname: 'spare' });
  const token = await me.call('POST', '/tokens', { name: 'ansible', scope: 'read', expiresInDays: 30 });
  return token.body.token as string;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`ipam inventory against a real server (${dialect})`, () => {
    const t = useTestApp(dialect);
    let folder = '';
    beforeAll(() => {
      folder = mkdtempSync(join(tmpdir(), 'ipam-inventory-'));
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it(
      'prints --list and --host through the built CLI, and a group narrows it',
      { timeout: 300_000 },
      async () => {
        expect(ensureServerBuilt()).toBe(true);
        const me = await accountSession(t.current, { tier: 1 });
        const token = await seeded(me);
        const env = serverEnv({ IPAM_URL: t.current.baseUrl, IPAM_TOKEN: token, IPAM_ACCOUNT: me.accountId });
        const list = await runIpam(['inventory', '--list'], env, 60_000);
        expect(list.stderr).toBe('');
        expect(list.status).toBe(0);
        const inventory = JSON.parse(list.stdout);
        expect(inventory.all.children).toEqual([
          'ungrouped',
          'g_9_lab',
          'site_a',
          'subnet_10_0_1_0_24',
          'subnet_10_9_0_0_24',
        ]);
        expect(inventory.site_a).toEqual({ children: ['servers_dbs'] });
        expect(inventory.servers_dbs).toEqual({ hosts: ['web-1', 'web-2'] });
        expect(inventory.subnet_10_9_0_0_24).toEqual({ hosts: ['probe.lab.example'] });
        expect(inventory._meta.hostvars['web-1']).toEqual({
          ansible_host: '10.0.1.10',
          ipam_subnet: '10.0.1.0/24',
          ipam_subnet_name: 'Web',
          ipam_vlan: 20,
          ipam_vrf: 'Global',
          ipam_description: 'nginx "front"',
          ipam_group: 'servers_dbs',
        });
        expect(inventory._meta.hostvars.spare).toBeUndefined();

        const host = await runIpam(['inventory', '--host', 'probe.lab.example'], env, 60_000);
        expect(JSON.parse(host.stdout)).toMatchObject({ ansible_host: '10.9.0.5', ipam_vlan: 30 });
        const nobody = await runIpam(['inventory', '--host', 'nobody'], env, 60_000);
        expect(JSON.parse(nobody.stdout)).toEqual({});

        const narrowed = await runIpam(['inventory', '--list', '--group', 'Site A'], env, 60_000);
        expect(Object.keys(JSON.parse(narrowed.stdout)._meta.hostvars)).toEqual(['web-1', 'web-2']);

        const refused = await runIpam(
          ['inventory', '--list'],
          { ...env, IPAM_TOKEN: 'ipam_notatoken000000000000000000000000000000000' },
          60_000,
        );
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain('the server answered 401');
        const other = await accountSession(t.current, { tier: 1 });
        const foreign = await runIpam(
          ['inventory', '--list'],
          { ...env, IPAM_ACCOUNT: other.accountId },
          60_000,
        );
        expect(foreign.status).toBe(1);
        expect(foreign.stderr).toContain('the server answered 404');
        expect(foreign.stdout).toBe('');
      },
    );

    it('is an inventory script ansible-inventory reads', { timeout: 300_000 }, async () => {
      expect(ensureServerBuilt()).toBe(true);
      const me = await accountSession(t.current, { tier: 1 });
      const token = await seeded(me);
      const script = join(folder, `ipam-${dialect}.sh`);
      const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
      writeFileSync(
        script,
        [
          '#!/bin/sh',
          `export IPAM_URL=${quote(t.current.baseUrl)} IPAM_TOKEN=${quote(token)} IPAM_ACCOUNT=${quote(me.accountId)}`,
          `exec ${quote(process.execPath)} ${quote(join(repoRoot, 'packages/server/bin/ipam.js'))} inventory "$@"`,
          '',
        ].join('\n'),
      );
      chmodSync(script, 0o700);
      const { stdout, stderr } = await run('/usr/bin/ansible-inventory', ['-i', script, '--list'], {
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: folder,
          ANSIBLE_LOCAL_TEMP: join(folder, 'tmp'),
        },
        timeout: 240_000,
      });
      // Ansible warns of group names it has to rewrite; ours are valid as they are.
      expect(stderr).not.toMatch(/invalid characters/i);
      const inventory = JSON.parse(stdout);
      expect(inventory.site_a.children).toEqual(['servers_dbs']);
      expect(inventory.servers_dbs.hosts).toEqual(['web-1', 'web-2']);
      expect(inventory.g_9_lab.hosts).toEqual(['probe.lab.example']);
      expect(inventory._meta.hostvars['web-2']).toMatchObject({
        ansible_host: '10.0.1.11',
        ipam_subnet: '10.0.1.0/24',
      });
      expect(Object.keys(inventory._meta.hostvars).sort()).toEqual(['probe.lab.example', 'web-1', 'web-2']);
      const host = await run('/usr/bin/ansible-inventory', ['-i', script, '--host', 'web-1'], {
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: folder,
          ANSIBLE_LOCAL_TEMP: join(folder, 'tmp'),
        },
        timeout: 240_000,
      });
      expect(JSON.parse(host.stdout)).toMatchObject({ ansible_host: '10.0.1.10', ipam_vrf: 'Global' });
    });
  });
}
