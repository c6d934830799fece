import { createServer } from 'node:http';
import { MAX_IMPORT_ADDRESSES, MAX_IMPORT_SUBNETS } from '@ipam/core/api/source-import';
import { messages } from '@ipam/core/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { awkwardNetboxData } from '../../test/netbox-awkward-data.js';
import { bigNetboxData } from '../../test/netbox-data.js';
import {
  type NetboxStandIn,
  type NetboxStandInOptions,
  startNetboxStandIn,
} from '../../test/netbox-stand-in.js';
import { DomainError } from '../errors/domain-error.js';
import { netboxApiRoot, netboxSource } from './netbox-source.js';
import type { ImportSource, SourceAddress, SourceStructure } from './source-model.js';

const TOKEN = '0123456789abcdef0123456789abcdef01234567';
const EMPTY: SourceStructure = { vrfs: [], groups: [], subnets: [] };

let running: NetboxStandIn[] = [];
afterEach(async () => {
  await Promise.all(running.map((standIn) => standIn.close()));
  running = [];
});

async function standIn(options: Partial<NetboxStandInOptions> = {}): Promise<NetboxStandIn> {
  const started = await startNetboxStandIn({ token: TOKEN, data: awkwardNetboxData(), ...options });
  running.push(started);
  return started;
}

async function batchesOf(source: ImportSource): Promise<SourceAddress[][]> {
  const batches: SourceAddress[][] = [];
  for await (const batch of source.addresses(EMPTY)) batches.push(batch);
  return batches;
}

/** The DomainError a promise rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<DomainError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

const pathsAsked = (nb: NetboxStandIn, path: string) =>
  nb.requests.filter((request) => request.path === path);

describe('netboxSource reads the structure', () => {
  it('reads VRFs, prefixes (containers, VLANs, VRFs) and the tenants that hold prefixes as groups', async () => {
    const nb = await standIn();
    const source = netboxSource({ url: nb.url, token: TOKEN, groupBy: 'tenant' });
    const structure = await source.readStructure();

    expect(source.label).toBe(`NetBox at ${nb.url}api/`);
    expect(structure.vrfs).toEqual([
      { key: '1', label: 'NetBox VRF 1', name: 'CUST-A', rd: '65000:1', description: 'Customer A' },
      { key: '2', label: 'NetBox VRF 2', name: 'MGMT', rd: null, description: '' },
      { key: '3', label: 'NetBox VRF 3', name: 'LAB', rd: '65000:9', description: '' },
    ]);
    expect(structure.groups).toEqual([
      { key: '1', label: 'NetBox tenant 1', name: 'Acme', description: 'Acme Corp', parentKey: null },
      { key: '2', label: 'NetBox tenant 2', name: 'Globex', description: '', parentKey: null },
    ]);
    const subnets = new Map(structure.subnets.map((subnet) => [subnet.key, subnet]));
    expect(subnets.size).toBe(9);
    expect(subnets.get('1')).toEqual({
      key: '1',
      vrfKey: null,
      groupKey: '1',
      cidr: '10.0.0.0/16',
      isContainer: true,
      name: 'Campus',
      description: 'Campus',
      vlan: null,
      scanned: false,
      label: 'NetBox prefix 1',
    });
    expect(subnets.get('2')).toMatchObject({
      cidr: '10.0.1.0/24',
      vlan: 10,
      isContainer: false,
      groupKey: '1',
    });
    expect(subnets.get('3')).toMatchObject({ cidr: '10.0.2.0/24', name: '10.0.2.0/24', description: '' });
    expect(subnets.get('4')).toMatchObject({ cidr: '10.0.2.64/26', isContainer: false, groupKey: null });
    expect(subnets.get('5')).toMatchObject({
      cidr: '10.0.0.0/16',
      vrfKey: '1',
      vlan: 20,
      isContainer: false,
    });
    expect(subnets.get('7')).toMatchObject({ cidr: '2001:db8:1::/64', vlan: 30, isContainer: false });
    expect(subnets.get('8')).toMatchObject({ cidr: '192.168.0.0/24', vrfKey: '2' });
    expect(structure.subnets.filter((subnet) => subnet.isContainer).map((subnet) => subnet.cidr)).toEqual([
      '10.0.0.0/16',
      '2001:db8::/32',
      '172.16.0.0/12',
    ]);
  });

  it('asks with the token, a page of 1,000 and only the fields it reads; no list of tenants', async () => {
    const nb = await standIn();
    await netboxSource({ url: `${nb.url}api/`, token: TOKEN, groupBy: 'tenant' }).readStructure();
    expect(new Set(nb.requests.map((request) => request.path))).toEqual(
      new Set(['/api/ipam/vrfs/', '/api/ipam/prefixes/']),
    );
    for (const request of nb.requests) {
      expect(request.authorization).toBe(`Token ${TOKEN}`);
      expect(request.query.get('limit')).toBe('1000');
    }
    expect(pathsAsked(nb, '/api/ipam/prefixes/')[0]?.query.get('fields')).toBe(
      'id,prefix,vrf,status,description,vlan,tenant',
    );
  });

  it('groups by site: a site scope, a location scope (its site), a region scope (none)', async () => {
    const nb = await standIn();
    const structure = await netboxSource({ url: nb.url, token: TOKEN, groupBy: 'site' }).readStructure();
    expect(structure.groups).toEqual([
      { key: '1', label: 'NetBox site 1', name: 'AMS1', description: 'Amsterdam', parentKey: null },
      { key: '2', label: 'NetBox site 2', name: 'FRA1', description: '', parentKey: null },
    ]);
    const groupOf = Object.fromEntries(structure.subnets.map((subnet) => [subnet.key, subnet.groupKey]));
    expect(groupOf).toEqual({ 1: '1', 2: '1', 3: '1', 4: null, 5: '2', 6: null, 7: '2', 8: null, 9: null });
    expect(pathsAsked(nb, '/api/dcim/locations/')).toHaveLength(1);
  });

  it('groups by site before NetBox 4.2, where a prefix has a site and no scope', async () => {
    const nb = await standIn({ version: '4.1' });
    const structure = await netboxSource({ url: nb.url, token: TOKEN, groupBy: 'site' }).readStructure();
    expect(structure.groups.map((group) => group.name)).toEqual(['AMS1', 'FRA1']);
    const groupOf = Object.fromEntries(structure.subnets.map((subnet) => [subnet.key, subnet.groupKey]));
    // 4.1 knows sites only: the location and region scopes of 4.2+ were no site.
    expect(groupOf).toEqual({ 1: '1', 2: '1', 3: null, 4: null, 5: '2', 6: null, 7: '2', 8: null, 9: null });
    expect(pathsAsked(nb, '/api/dcim/locations/')).toHaveLength(0);
  });

  it('groups nothing with groupBy none', async () => {
    const nb = await standIn();
    const structure = await netboxSource({ url: nb.url, token: TOKEN, groupBy: 'none' }).readStructure();
    expect(structure.groups).toEqual([]);
    expect(structure.subnets.every((subnet) => subnet.groupKey === null)).toBe(true);
    expect(structure.subnets).toHaveLength(9);
  });

  it('reads a NetBox under a base path, and takes its API root with or without "api/"', async () => {
    const nb = await standIn({ basePath: '/netbox/' });
    const structure = await netboxSource({ url: nb.url, token: TOKEN, groupBy: 'none' }).readStructure();
    expect(structure.subnets).toHaveLength(9);
    expect(netboxApiRoot('https://nb.example').href).toBe('https://nb.example/api/');
    expect(netboxApiRoot('https://nb.example/api').href).toBe('https://nb.example/api/');
    expect(netboxApiRoot('https://nb.example/netbox/?q=1').href).toBe('https://nb.example/netbox/api/');
  });
});

describe('netboxSource reads the addresses', () => {
  it('reads every address once, page after page, each batch at most a page', async () => {
    const nb = await standIn({ maxPageSize: 200 });
    const batches = await batchesOf(netboxSource({ url: nb.url, token: TOKEN, groupBy: 'tenant' }));
    const addresses = batches.flat();

    expect(addresses).toHaveLength(1515);
    expect(new Set(addresses.map((address) => address.key)).size).toBe(1515);
    expect(Math.max(...batches.map((batch) => batch.length))).toBe(200);
    const offsets = pathsAsked(nb, '/api/ipam/ip-addresses/').map((request) => request.query.get('offset'));
    expect(offsets).toEqual([null, '200', '400', '600', '800', '1000', '1200', '1400']);
  });

  it('follows NetBox\'s "next" past its default 1,000 a page', async () => {
    const nb = await standIn();
    const batches = await batchesOf(netboxSource({ url: nb.url, token: TOKEN, groupBy: 'tenant' }));
    expect(batches.map((batch) => batch.length)).toEqual([1000, 515]);
    expect(pathsAsked(nb, '/api/ipam/ip-addresses/')).toHaveLength(2);
  });

  it('holds a page ahead at most, not the whole list', async () => {
    const nb = await standIn({ maxPageSize: 100 });
    const source = netboxSource({ url: nb.url, token: TOKEN, groupBy: 'tenant' });
    for await (const batch of source.addresses(EMPTY)) {
      expect(batch).toHaveLength(100);
      break;
    }
    expect(pathsAsked(nb, '/api/ipam/ip-addresses/').length).toBeLessThanOrEqual(2);
  });

  it('maps statuses, hostnames and VRFs, and keeps what a status loses in the description', async () => {
    const nb = await standIn();
    const addresses = (
      await batchesOf(netboxSource({ url: nb.url, token: TOKEN, groupBy: 'tenant' }))
    ).flat();
    const find = (ip: string, vrfKey: string | null = null) =>
      addresses.find((address) => address.ip === ip && address.vrfKey === vrfKey);

    expect(find('10.0.1.1')).toEqual({
      key: '1',
      vrfKey: null,
      ip: '10.0.1.1',
      status: 'In Use',
      hostname: 'host-1.acme.example',
      description: '',
      label: 'NetBox IP address 1',
    });
    expect(find('10.0.1.2')).toMatchObject({ status: 'Reserved', description: '' });
    expect(find('10.0.1.3')).toMatchObject({ status: 'Available', description: 'NetBox status: Deprecated' });
    expect(find('10.0.1.4')).toMatchObject({ status: 'Reserved', description: 'NetBox status: DHCP' });
    expect(find('10.0.1.5')).toMatchObject({ status: 'In Use', description: 'NetBox status: SLAAC' });
    expect(find('10.0.1.1', '1')).toMatchObject({ status: 'In Use', hostname: '' });
    expect(find('192.168.0.2', '2')).toMatchObject({
      status: 'Reserved',
      description: 'NetBox status: Planned',
    });
    expect(find('2001:db8:1::1')).toMatchObject({ hostname: 'v6-host.example', status: 'In Use' });
    expect(find('198.51.100.7')).toMatchObject({ description: 'Orphan' });
    const tally = (status: string) => addresses.filter((address) => address.status === status).length;
    expect([tally('In Use'), tally('Reserved'), tally('Available')]).toEqual([1358, 106, 51]);
  });
});

describe('netboxSource tokens', () => {
  it('sends a v2 token as Bearer, and takes a pasted "Token …" without its keyword', async () => {
    const v2 = 'nbt_AbCdEf123456.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eA';
    const nb = await standIn({ token: v2 });
    await netboxSource({ url: nb.url, token: v2, groupBy: 'none' }).readStructure();
    expect(nb.requests[0]?.authorization).toBe(`Bearer ${v2}`);

    const v1 = await standIn();
    await netboxSource({ url: v1.url, token: ` Token ${TOKEN} `, groupBy: 'none' }).readStructure();
    expect(v1.requests.every((request) => request.authorization === `Token ${TOKEN}`)).toBe(true);
  });

  it('a wrong token: an error naming NetBox and HTTP 403, without the token', async () => {
    const nb = await standIn();
    const wrong = 'feedfacefeedfacefeedfacefeedfacefeedface';
    const error = await failureOf(
      netboxSource({ url: nb.url, token: wrong, groupBy: 'tenant' }).readStructure(),
    );
    expect(error.code).toBe('source_refused');
    expect(error.message).toBe(messages.sourceRefusedToken(`NetBox at ${nb.url}api/`, 403));
    expect(error.message).toContain('HTTP 403');
    expect(error.message).not.toContain(wrong);
  });

  it('a token whose user may not view IP addresses: says so', async () => {
    const nb = await standIn({ denied: ['ipam/ip-addresses/'] });
    const error = await failureOf(batchesOf(netboxSource({ url: nb.url, token: TOKEN, groupBy: 'none' })));
    expect(error.code).toBe('source_refused');
    expect(error.message).toBe(messages.sourceTokenNotPermitted(`NetBox at ${nb.url}api/`, 'IP addresses'));
  });

  it('a token with a line break is refused before any request, without repeating it', () => {
    const secret = 'abc123\nX-Other: 1';
    let error: unknown = null;
    try {
      netboxSource({ url: 'http://127.0.0.1:1/', token: secret, groupBy: 'none' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(messages.sourceTokenMalformed);
  });
});

describe('netboxSource failures', () => {
  it('an unreachable NetBox: "Could not reach NetBox at …"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const source = netboxSource({ url: `http://127.0.0.1:${port}/`, token: TOKEN, groupBy: 'tenant' });
    const error = await failureOf(source.readStructure());
    expect(error.code).toBe('source_unreachable');
    expect(error.message).toBe(
      `Could not reach NetBox at http://127.0.0.1:${port}/api/: connection refused.`,
    );
  });

  it('a "next" link to another host is refused, without a request there', async () => {
    const nb = await standIn({ linkOrigin: 'http://netbox.elsewhere.example' });
    const error = await failureOf(batchesOf(netboxSource({ url: nb.url, token: TOKEN, groupBy: 'none' })));
    expect(error.code).toBe('source_unreadable');
    expect(error.message).toBe(
      messages.sourceForeignLink(
        `NetBox at ${nb.url}api/`,
        'http://netbox.elsewhere.example/api/ipam/ip-addresses/',
      ),
    );
    expect(pathsAsked(nb, '/api/ipam/ip-addresses/')).toHaveLength(1);
  });

  it('a "next" link to the same host by another scheme and port (a proxy) is read at the address entered', async () => {
    const nb = await standIn({ linkOrigin: 'https://127.0.0.1:8443' });
    const addresses = (await batchesOf(netboxSource({ url: nb.url, token: TOKEN, groupBy: 'none' }))).flat();
    expect(addresses).toHaveLength(1515);
    expect(pathsAsked(nb, '/api/ipam/ip-addresses/')).toHaveLength(2);
  });

  it('an address that is not NetBox\'s API: "did not answer … with JSON"', async () => {
    const nb = await standIn({ basePath: '/netbox/' });
    const root = nb.url.replace('/netbox/', '/');
    const error = await failureOf(netboxSource({ url: root, token: TOKEN, groupBy: 'none' }).readStructure());
    expect(error.code).toBe('source_unreadable');
    expect(error.message).toMatch(
      /^NetBox at http:\/\/127\.0\.0\.1:\d+\/api\/ did not answer \/api\/ipam\/(vrfs|prefixes)\/ with JSON/,
    );
  });

  it(`more than ${MAX_IMPORT_SUBNETS.toLocaleString('en-US')} prefixes: refused on NetBox's count, at the first page`, async () => {
    const nb = await standIn({ data: bigNetboxData({ prefixes: MAX_IMPORT_SUBNETS + 1, addresses: 0 }) });
    const error = await failureOf(
      netboxSource({ url: nb.url, token: TOKEN, groupBy: 'tenant' }).readStructure(),
    );
    expect(error.code).toBe('source_too_large');
    expect(error.message).toBe(messages.sourceTooManySubnets(MAX_IMPORT_SUBNETS));
    expect(pathsAsked(nb, '/api/ipam/prefixes/').length).toBeLessThanOrEqual(2);
  });

  it(`more than ${MAX_IMPORT_ADDRESSES.toLocaleString('en-US')} addresses: refused on NetBox's count, before a batch`, async () => {
    const nb = await standIn({ data: bigNetboxData({ prefixes: 1, addresses: MAX_IMPORT_ADDRESSES + 1 }) });
    const source = netboxSource({ url: nb.url, token: TOKEN, groupBy: 'none' });
    const error = await failureOf(batchesOf(source));
    expect(error.code).toBe('source_too_large');
    expect(error.message).toBe(messages.sourceTooManyAddresses(MAX_IMPORT_ADDRESSES));
  });
});
