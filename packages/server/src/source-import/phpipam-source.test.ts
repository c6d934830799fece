import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generatePhpipamData,
  generatedAddressRows,
  generatedSubnetRow,
} from '../../test/phpipam-generated-data.js';
import { PHPIPAM_FIXTURES, recordedData } from '../../test/phpipam-recordings.js';
import { startPhpipamStandIn, type PhpipamStandIn } from '../../test/phpipam-stand-in.js';
import { phpipamApiBase } from './phpipam-api.js';
import { PHPIPAM_ADDRESS_BATCH, phpipamSource } from './phpipam-source.js';
import type { ImportSource, SourceAddress, SourceStructure } from './source-model.js';

const TOKEN = 'stand-in-token-7f3a';
const dataset = JSON.parse(readFileSync(new URL('dataset.json', PHPIPAM_FIXTURES), 'utf8')) as {
  addressesByTag: Record<string, number>;
  sections: { id: number; name: string; masterSection: number }[];
  subnets: {
    id: number;
    cidr: string | null;
    isFolder: number;
    sectionId: number;
    masterSubnetId: number;
    vrfId: number | null;
    addresses: number;
  }[];
};

/** Everything a source gives: its structure, its addresses and the size of each batch. */
async function readAll(source: ImportSource) {
  const structure = await source.readStructure();
  const addresses: SourceAddress[] = [];
  const batchSizes: number[] = [];
  for await (const batch of source.addresses(structure)) {
    batchSizes.push(batch.length);
    addresses.push(...batch);
  }
  return { structure, addresses, batchSizes };
}

/** The error a promise rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected a failure');
}

const byKey = <T extends { key: string }>(items: T[]) => new Map(items.map((item) => [item.key, item]));

describe('phpIPAM source on the recorded answers', () => {
  let phpipam: PhpipamStandIn;
  let read: Awaited<ReturnType<typeof readAll>>;
  beforeAll(async () => {
    phpipam = await startPhpipamStandIn({ token: TOKEN });
    read = await readAll(phpipamSource({ url: phpipam.url, appId: phpipam.appId, token: TOKEN }));
  });
  afterAll(() => phpipam.close());

  it('makes groups of the 3 sections and the 2 folders, nested as in phpIPAM, parents first', () => {
    const groups = read.structure.groups.map(({ key, name, parentKey }) => ({ key, name, parentKey }));
    expect(groups).toEqual([
      { key: 'section:3', name: 'Corporate', parentKey: null },
      { key: 'section:5', name: 'Customers', parentKey: null },
      { key: 'section:4', name: 'Datacenter', parentKey: 'section:3' },
      { key: 'folder:17', name: 'Lab networks', parentKey: 'section:3' },
      { key: 'folder:20', name: 'Archive (folder in a folder)', parentKey: 'folder:17' },
    ]);
  });

  it('reads the 25 subnets with their CIDRs, VRFs and the group of their nearest folder or section', () => {
    const expected = dataset.subnets.filter((subnet) => subnet.isFolder === 0);
    expect(read.structure.subnets).toHaveLength(25);
    const subnets = byKey(read.structure.subnets);
    const folderIds = new Set(
      dataset.subnets.filter((subnet) => subnet.isFolder === 1).map((subnet) => subnet.id),
    );
    for (const subnet of expected) {
      const master = dataset.subnets.find((candidate) => candidate.id === subnet.masterSubnetId);
      const group = folderIds.has(subnet.masterSubnetId)
        ? `folder:${subnet.masterSubnetId}`
        : `section:${subnet.sectionId}`;
      expect(subnets.get(String(subnet.id))).toMatchObject({
        cidr: subnet.cidr,
        vrfKey: subnet.vrfId === null ? null : String(subnet.vrfId),
        // Subnets nest in subnets by address here; only a folder above them makes a group.
        groupKey: master && master.isFolder === 0 ? subnets.get(String(master.id))?.groupKey : group,
        isContainer: false,
        label: `phpIPAM subnet ${subnet.id}`,
      });
    }
    expect(subnets.get('14')?.groupKey).toBe('section:3');
    expect(read.structure.vrfs).toEqual([
      {
        key: '1',
        label: 'phpIPAM VRF 1',
        name: 'CUST-A',
        rd: '65000:100',
        description: 'Customer A (Acme Retail)',
      },
      { key: '2', label: 'phpIPAM VRF 2', name: 'CUST-B', rd: '65000:200', description: 'Customer B' },
    ]);
  });

  it('gives VLAN numbers (not VLAN object ids), names, scanning and custom fields of subnets', () => {
    const subnets = byKey(read.structure.subnets);
    const vlans = Object.fromEntries(read.structure.subnets.map((subnet) => [subnet.key, subnet.vlan]));
    expect(vlans).toMatchObject({
      '9': 10,
      '10': 20,
      '12': 40,
      '14': 99,
      '22': 200,
      '27': 10,
      '7': null,
      '31': null,
    });
    expect(subnets.get('9')).toMatchObject({
      name: 'Servers (campus)',
      scanned: true,
      description: 'CostCenter: CC-1010\nMonitored: 1',
    });
    expect(subnets.get('12')?.scanned).toBe(true);
    expect(subnets.get('13')?.scanned).toBe(true);
    expect(subnets.get('10')?.scanned).toBe(false);
    expect(subnets.get('19')).toMatchObject({ name: '172.16.1.0/24', description: '' });
  });

  it('reads the 1,408 addresses with statuses by tag name (Offline Available, DHCP Reserved, added tag In Use)', () => {
    expect(read.addresses).toHaveLength(1408);
    const tagCount = (name: string) => dataset.addressesByTag[name] ?? -1;
    const statuses = { Available: 0, 'In Use': 0, Reserved: 0 };
    for (const address of read.addresses) statuses[address.status]++;
    expect(statuses).toEqual({
      Available: tagCount('1 Offline'),
      'In Use': tagCount('2 Used') + tagCount('5 Decommissioned'),
      Reserved: tagCount('3 Reserved') + tagCount('4 DHCP'),
    });
    expect(new Set(read.addresses.map((address) => address.key)).size).toBe(1408);
    const inVrf = (key: string | null) => read.addresses.filter((address) => address.vrfKey === key).length;
    expect([inVrf('1'), inVrf('2')]).toEqual([5, 2]);
  });

  it('keeps text intact and appends what has no field here on lines of its own', () => {
    const addresses = byKey(read.addresses);
    expect(addresses.get('24')).toMatchObject({
      ip: '10.1.10.80',
      hostname: 'drucker-3og.corp.example',
      status: 'In Use',
      label: 'phpIPAM address 24',
      description:
        'Büro-Drucker "3. OG" & Scanner \nMAC: 3c:d9:2b:01:02:03\nOwner: Jürgen Müller\nNote: Toner: 0/100 % — ask "facility"; path C:\\print\\queue',
    });
    expect(addresses.get('12')?.description).toBe(
      'Application server\nMAC: 52:54:00:e5:af:2a\nOwner: team-apps\nAssetTag: A-10010\nEnvironment: production\nWarrantyEnd: 2028-03-31',
    );
    expect(addresses.get('17')).toMatchObject({
      status: 'Available',
      description: expect.stringContaining('Note: Switched off 2026-11-02.\nDisk wiped.') as unknown,
    });
    expect(addresses.get('25')).toMatchObject({
      status: 'In Use',
      description: 'Custom tag example\nphpIPAM tag: Decommissioned\nEnvironment: lab',
    });
    expect(addresses.get('27')).toMatchObject({
      ip: '10.1.10.254',
      hostname: '',
      description: '',
      status: 'In Use',
    });
    expect(addresses.get('18')).toMatchObject({ hostname: '', status: 'Reserved' });
    expect(addresses.get('1410')).toMatchObject({ ip: '2001:db8:100:ff::', vrfKey: null });
  });

  it('gives addresses in batches of at most 1,000, splitting the 1,100 addresses of one answer', () => {
    expect(PHPIPAM_ADDRESS_BATCH).toBe(1000);
    expect(Math.max(...read.batchSizes)).toBe(1000);
    expect(read.batchSizes.reduce((sum, size) => sum + size, 0)).toBe(1408);
  });

  it('asks only for what it reads, once each, with the token', () => {
    const subnetIds = dataset.subnets.filter((subnet) => subnet.isFolder === 0).map((subnet) => subnet.id);
    expect([...phpipam.requests].sort()).toEqual(
      [
        '/api/importer/sections/',
        ...[3, 4, 5].map((id) => `/api/importer/sections/${id}/subnets/`),
        '/api/importer/vrf/',
        '/api/importer/vlan/',
        '/api/importer/subnets/custom_fields/',
        '/api/importer/addresses/tags/',
        '/api/importer/addresses/custom_fields/',
        ...subnetIds.map((id) => `/api/importer/subnets/${id}/addresses/`),
      ].sort(),
    );
  });

  it('reads answers with every value a string the same', async () => {
    const stringified = await startPhpipamStandIn({ token: TOKEN, stringify: true });
    try {
      const again = await readAll(
        phpipamSource({ url: stringified.url, appId: stringified.appId, token: TOKEN }),
      );
      expect(again.structure).toEqual(read.structure);
      expect(again.addresses).toEqual(read.addresses);
    } finally {
      await stringified.close();
    }
  });

  it('reads an app that nests custom fields the same', async () => {
    const again = await readAll(phpipamSource({ url: phpipam.url, appId: 'importer_nested', token: TOKEN }));
    expect(again.structure).toEqual(read.structure);
    expect(again.addresses).toEqual(read.addresses);
    expect(phpipam.requests).toContain('/api/importer_nested/subnets/9/addresses/');
  });
});

describe('phpIPAM source failures', () => {
  let phpipam: PhpipamStandIn;
  beforeAll(async () => {
    phpipam = await startPhpipamStandIn({ token: TOKEN });
  });
  afterAll(() => phpipam.close());

  it('reports a refused token as HTTP 401 without the token', async () => {
    const source = phpipamSource({ url: phpipam.url, appId: 'importer', token: 'not-the-token-91c2' });
    const failure = await failureOf(source.readStructure());
    expect(failure.code).toBe('source_refused');
    expect(failure.message).toBe(
      `phpIPAM at ${phpipam.url}api/importer/ refused the token (HTTP 401): check the token and the app id.`,
    );
    expect(failure.message).not.toContain('not-the-token');
    expect(source.label).not.toContain('not-the-token');
  });

  it('names an unknown app id', async () => {
    const failure = await failureOf(
      phpipamSource({ url: phpipam.url, appId: 'no_such_app', token: TOKEN }).readStructure(),
    );
    expect(failure).toMatchObject({ code: 'source_refused' });
    expect(failure.message).toBe(
      `phpIPAM at ${phpipam.url}api/no_such_app/ has no API app "no_such_app": check the app id under Administration › API in phpIPAM.`,
    );
  });

  it('reports an unreachable phpIPAM', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const failure = await failureOf(
      phpipamSource({ url: `http://127.0.0.1:${port}`, appId: 'importer', token: TOKEN }).readStructure(),
    );
    expect(failure).toMatchObject({ code: 'source_unreachable' });
    expect(failure.message).toBe(
      `Could not reach phpIPAM at http://127.0.0.1:${port}/api/importer/: connection refused.`,
    );
  });

  it('says when the URL is not phpIPAM', async () => {
    const failure = await failureOf(
      phpipamSource({ url: `${phpipam.url}wiki/`, appId: 'importer', token: TOKEN }).readStructure(),
    );
    expect(failure.message).toBe(
      `phpIPAM at ${phpipam.url}wiki/api/importer/ did not answer /wiki/api/importer/sections/ with JSON: is this the URL of its REST API?`,
    );
  });

  it('reports a subnet gone between reading the structure and its addresses, and phpIPAM errors', async () => {
    const source = phpipamSource({ url: phpipam.url, appId: 'importer', token: TOKEN });
    const structure = await source.readStructure();
    const gone: SourceStructure = { ...structure, subnets: [{ ...structure.subnets[0]!, key: '99999' }] };
    const failure = await failureOf(
      (async () => {
        for await (const batch of source.addresses(gone)) expect(batch).toBeDefined();
      })(),
    );
    expect(failure.message).toBe(
      `phpIPAM at ${phpipam.url}api/importer/ answered HTTP 404: Invalid subnet Id (99999).`,
    );

    const broken = createServer((_, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"code":500,"success":false,"message":"Unable to read subnets","time":0}');
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const { port } = broken.address() as AddressInfo;
    try {
      const error = await failureOf(
        phpipamSource({ url: `http://127.0.0.1:${port}/`, appId: 'importer', token: TOKEN }).readStructure(),
      );
      expect(error).toMatchObject({
        code: 'source_unreadable',
        message: `phpIPAM at http://127.0.0.1:${port}/api/importer/ answered HTTP 500: Unable to read subnets.`,
      });
    } finally {
      await new Promise((resolve) => broken.close(resolve));
    }
  });

  it('refuses a token with a line break without quoting it', () => {
    expect(() => phpipamSource({ url: phpipam.url, appId: 'importer', token: 'abc\r\nx-secret' })).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        message: expect.not.stringContaining('secret') as unknown,
      }),
    );
  });
});

describe('phpIPAM source limits', () => {
  it('refuses more than 100,000 subnets while reading the structure, before reading further', async () => {
    const data = generatePhpipamData({ sections: 5, subnets: 100_001, addressesPerSubnet: 0 });
    const phpipam = await startPhpipamStandIn({ token: TOKEN, data });
    try {
      const failure = await failureOf(
        phpipamSource({ url: phpipam.url, appId: phpipam.appId, token: TOKEN }).readStructure(),
      );
      expect(failure).toMatchObject({
        code: 'source_too_large',
        message: 'An import can hold at most 100,000 subnets; split the source or ask for a larger import.',
      });
      expect(phpipam.requests).not.toContain('/api/importer/vrf/');
    } finally {
      await phpipam.close();
    }
  }, 120_000);
});

describe('phpIPAM API base URL', () => {
  it.each([
    ['http://ipam.example', 'http://ipam.example/api/importer/'],
    ['https://ipam.example/phpipam', 'https://ipam.example/phpipam/api/importer/'],
    ['http://ipam.example/api/', 'http://ipam.example/api/importer/'],
    ['http://ipam.example/api/importer', 'http://ipam.example/api/importer/'],
    ['http://ipam.example/phpipam/api/importer/?x=1', 'http://ipam.example/phpipam/api/importer/'],
  ])('%s → %s', (url, base) => {
    expect(phpipamApiBase(url, 'importer').href).toBe(base);
  });

  it('refuses a URL naming another app than the app id', () => {
    expect(() => phpipamApiBase('http://ipam.example/api/other/', 'importer')).toThrow(
      'The URL ends in the API app "other" but the app id is "importer"',
    );
  });
});

describe('phpIPAM stand-in with a generated data set', () => {
  it('serves rows with the fields of the recorded ones', () => {
    const data = generatePhpipamData({ sections: 2, subnets: 20, addressesPerSubnet: 3 });
    const keys = (row: unknown) => Object.keys(row as object);
    const recordedSubnets = recordedData('sections_3_subnets.json') as object[];
    const subnets = [...data.subnetsById.values()];
    const leaf = subnets.find((subnet) => !subnet.isFolder && subnet.addresses > 0)!;
    const folder = subnets.find((subnet) => subnet.isFolder)!;
    expect(keys(generatedSubnetRow(leaf))).toEqual(keys(recordedSubnets[6]));
    expect(keys(generatedSubnetRow(folder))).toEqual(keys(recordedSubnets[0]));
    expect(keys(generatedAddressRows(leaf)[0])).toEqual(
      keys((recordedData('subnets_9_addresses.json') as object[])[0]),
    );
  });

  it('round-trips a generated data set: sections, folders, subnets, addresses and statuses', async () => {
    const data = generatePhpipamData({ sections: 3, subnets: 300, addressesPerSubnet: 40 });
    const phpipam = await startPhpipamStandIn({ token: TOKEN, data });
    try {
      const read = await readAll(phpipamSource({ url: phpipam.url, appId: phpipam.appId, token: TOKEN }));
      const { expected } = data;
      expect(read.structure.subnets).toHaveLength(expected.subnets);
      expect(read.structure.groups).toHaveLength(expected.sections + expected.folders);
      expect(read.structure.subnets.some((subnet) => subnet.cidr.includes(':'))).toBe(true);
      expect(read.structure.subnets.filter((subnet) => subnet.vrfKey !== null).length).toBeGreaterThan(0);
      expect(read.addresses).toHaveLength(expected.addresses);
      const statuses = { Available: 0, 'In Use': 0, Reserved: 0 };
      for (const address of read.addresses) statuses[address.status]++;
      expect(statuses).toEqual(expected.addressesByStatus);
      expect(Math.max(...read.batchSizes)).toBeLessThanOrEqual(PHPIPAM_ADDRESS_BATCH);
    } finally {
      await phpipam.close();
    }
  });
});
