import { formatIPv4, parseIPv4 } from '@ipam/core/ipv4';
import { formatIPv6, parseIPv6 } from '@ipam/core/ipv6';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { recordedData } from './phpipam-recordings.js';

/**
 * A phpIPAM data set of any size for the stand-in (bigger tests, the benchmark), its answers shaped
 * like the recorded ones: every row is a recorded row with its values replaced, so the fields, their
 * order and their types (ids numbers, `mask` a string, null for none) are phpIPAM's.
 */

type Row = Record<string, unknown>;

/** A subnet or folder of the generated set, compact: its full row is built when it is served. */
export interface GeneratedSubnet {
  id: number;
  sectionId: number;
  masterSubnetId: number;
  isFolder: boolean;
  /** Network text ("10.0.16.0", "2001:db8:5::") and prefix length; folders: "0.0.0.0" and null. */
  network: string;
  mask: number | null;
  vrfId: number | null;
  vlanId: number | null;
  description: string;
  /** Its addresses: ids from `firstAddressId`, host offsets 1…`addresses`. */
  addresses: number;
  firstAddressId: number;
}

/** What an import of the generated set should end up with. */
export interface GeneratedPhpipamExpected {
  sections: number;
  folders: number;
  subnets: number;
  addresses: number;
  addressesByStatus: Record<AddressStatus, number>;
}

/** A generated phpIPAM data set, served by `startPhpipamStandIn({ data })`. */
export interface GeneratedPhpipamData {
  sections: Row[];
  /** Section id → its subnets and folders, folders first (as `sections/{id}/subnets/`). */
  subnetsBySection: Map<number, GeneratedSubnet[]>;
  subnetsById: Map<number, GeneratedSubnet>;
  vrfs: Row[];
  vlans: Row[];
  tags: Row[];
  expected: GeneratedPhpipamExpected;
}

/** How big a set to generate. */
export interface GeneratePhpipamOptions {
  /** Sections (default 3); the second is nested in the first, as in the recordings. */
  sections?: number;
  /** Subnets in all (folders not counted): containers with leaves, some in folders, VRFs, IPv6. */
  subnets: number;
  /** Addresses in each leaf subnet that has any (default 10, at most 254); every fifth leaf is empty. */
  addressesPerSubnet?: number;
}

/** Tag of the i-th address of a subnet: mostly Used and DHCP, some Offline and Reserved, a few custom. */
function tagOf(index: number): number {
  if (index % 50 === 49) return 5;
  return [2, 4, 2, 1, 4, 3][index % 6] ?? 2;
}

const STATUS_OF_TAG: Record<number, AddressStatus> = {
  1: 'Available',
  2: 'In Use',
  3: 'Reserved',
  4: 'Reserved',
  5: 'In Use',
};

/** The recorded rows the generated ones are copies of. */
function templates() {
  const rowsOf = (file: string) => recordedData(file) as Row[];
  const sectionRows = rowsOf('sections_3_subnets.json');
  const find = (rows: Row[], id: number) => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw new Error(`recorded row ${id} missing`);
    return row;
  };
  return {
    section: find(rowsOf('sections.json'), 3),
    subnet: find(sectionRows, 11),
    folder: find(sectionRows, 17),
    address: find(rowsOf('subnets_9_addresses.json'), 12),
    vrfs: rowsOf('vrf.json'),
    vlans: rowsOf('vlan.json'),
    tags: rowsOf('addresses_tags.json'),
  };
}

/**
 * Builds a data set: blocks of one container and up to 7 leaves, in turn IPv4 (10/8), in a folder with
 * a folder nested in it, in a VRF (172.16/12, each prefix once in CUST-A and once in CUST-B) and IPv6
 * (2001:db8:<block>::/48 with /64 leaves), spread over the sections. Deterministic.
 */
export function generatePhpipamData(options: GeneratePhpipamOptions): GeneratedPhpipamData {
  const sectionCount = options.sections ?? 3;
  const perSubnet = options.addressesPerSubnet ?? 10;
  if (perSubnet < 0 || perSubnet > 254) throw new Error('addressesPerSubnet: 0 to 254');
  const model = templates();
  const sectionIds = Array.from({ length: sectionCount }, (_, index) => 3 + index);
  const sections = sectionIds.map((id, index) => ({
    ...model.section,
    id,
    name: `Generated ${index + 1}`,
    description: `Generated section ${index + 1}`,
    masterSection: index === 1 ? sectionIds[0] : 0,
  }));
  const subnetsBySection = new Map<number, GeneratedSubnet[]>(sectionIds.map((id) => [id, []]));
  const subnetsById = new Map<number, GeneratedSubnet>();
  const expected: GeneratedPhpipamExpected = {
    sections: sectionCount,
    folders: 0,
    subnets: 0,
    addresses: 0,
    addressesByStatus: { Available: 0, 'In Use': 0, Reserved: 0 },
  };
  let nextId = 7;
  let nextAddressId = 11;
  const add = (subnet: Omit<GeneratedSubnet, 'id' | 'firstAddressId'>): number => {
    const row: GeneratedSubnet = { ...subnet, id: nextId++, firstAddressId: nextAddressId };
    nextAddressId += subnet.addresses;
    if (subnet.isFolder) expected.folders++;
    else expected.subnets++;
    expected.addresses += subnet.addresses;
    for (let index = 0; index < subnet.addresses; index++)
      expected.addressesByStatus[STATUS_OF_TAG[tagOf(index)] ?? 'In Use']++;
    subnetsBySection.get(subnet.sectionId)?.push(row);
    subnetsById.set(row.id, row);
    return row.id;
  };

  const ipv4Base = parseIPv4('10.0.0.0') ?? 0;
  const vrfBase = parseIPv4('172.16.0.0') ?? 0;
  const ipv6Base = parseIPv6('2001:db8::')?.value ?? 0n;
  for (let block = 0; expected.subnets < options.subnets; block++) {
    const sectionId = sectionIds[block % sectionCount] ?? 3;
    const kind = ['ipv4', 'ipv4', 'folder', 'vrf', 'ipv4', 'ipv6'][block % 6];
    const leaves = Math.min(7, options.subnets - expected.subnets - (kind === 'folder' ? 0 : 1));
    const common = { sectionId, vlanId: null, addresses: 0 };
    const leafAddresses = (leaf: number) => ((block + leaf) % 5 === 4 ? 0 : perSubnet);
    if (kind === 'ipv6') {
      const network = ipv6Base + (BigInt(block) << 80n);
      const master = add({
        ...common,
        masterSubnetId: 0,
        isFolder: false,
        network: formatIPv6(network),
        mask: 48,
        vrfId: null,
        description: `IPv6 block ${block}`,
      });
      for (let leaf = 0; leaf < leaves; leaf++) {
        const leafNetwork = formatIPv6(network + (BigInt(leaf + 1) << 64n));
        add({
          ...common,
          masterSubnetId: master,
          isFolder: false,
          network: leafNetwork,
          mask: 64,
          vrfId: null,
          description: `IPv6 leaf ${block}.${leaf}`,
          addresses: leafAddresses(leaf),
        });
      }
      continue;
    }
    const inVrf = kind === 'vrf';
    const network = inVrf ? vrfBase + Math.floor(block / 12) * 4096 : ipv4Base + block * 4096;
    const vrfId = inVrf ? 1 + (Math.floor(block / 6) % 2) : null;
    let masters: number[];
    if (kind === 'folder') {
      const folder = add({
        ...common,
        masterSubnetId: 0,
        isFolder: true,
        network: '0.0.0.0',
        mask: null,
        vrfId: null,
        description: `Folder ${block}`,
      });
      const inner = add({
        ...common,
        masterSubnetId: folder,
        isFolder: true,
        network: '0.0.0.0',
        mask: null,
        vrfId: null,
        description: `Folder ${block} inner`,
      });
      masters = [folder, inner];
    } else {
      masters = [
        add({
          ...common,
          masterSubnetId: 0,
          isFolder: false,
          network: formatIPv4(network),
          mask: 20,
          vrfId,
          description: `Block ${block}`,
        }),
      ];
    }
    for (let leaf = 0; leaf < leaves; leaf++) {
      add({
        ...common,
        masterSubnetId: masters[leaf % masters.length] ?? 0,
        isFolder: false,
        network: formatIPv4(network + leaf * 256),
        mask: 24,
        vrfId,
        vlanId: leaf % 2 === 0 ? 3 + ((leaf / 2) % 4) : null,
        description: leaf === 6 ? '' : `Leaf ${block}.${leaf}`,
        addresses: leafAddresses(leaf),
      });
    }
  }
  // phpIPAM lists a section's folders first (quirk 16).
  for (const rows of subnetsBySection.values()) rows.sort((a, b) => Number(b.isFolder) - Number(a.isFolder));
  const vlans = model.vlans.slice(0, 4);
  return { sections, subnetsBySection, subnetsById, vrfs: model.vrfs, vlans, tags: model.tags, expected };
}

let cachedTemplates: ReturnType<typeof templates> | undefined;

/** The full row of a generated subnet or folder, as `sections/{id}/subnets/` gives it. */
export function generatedSubnetRow(subnet: GeneratedSubnet): Row {
  cachedTemplates ??= templates();
  if (subnet.isFolder) {
    return {
      ...cachedTemplates.folder,
      id: subnet.id,
      sectionId: subnet.sectionId,
      masterSubnetId: subnet.masterSubnetId,
      description: subnet.description,
    };
  }
  const size = subnet.network.includes(':')
    ? 2n ** BigInt(128 - (subnet.mask ?? 0))
    : BigInt(Math.max(1, 2 ** (32 - (subnet.mask ?? 0)) - 2));
  return {
    ...cachedTemplates.subnet,
    id: subnet.id,
    subnet: subnet.network,
    mask: String(subnet.mask),
    sectionId: subnet.sectionId,
    description: subnet.description === '' ? null : subnet.description,
    vrfId: subnet.vrfId,
    masterSubnetId: subnet.masterSubnetId,
    vlanId: subnet.vlanId,
    pingSubnet: subnet.id % 3 === 0 ? 1 : 0,
    allowRequests: 0,
    usage: {
      Used: subnet.addresses,
      Reserved: 0,
      used: String(subnet.addresses),
      Used_percent: 0,
      Reserved_percent: 0,
      freehosts: String(size - BigInt(subnet.addresses)),
      freehosts_percent: 100,
      maxhosts: String(size),
    },
  };
}

/** The address rows of a generated subnet, as `subnets/{id}/addresses/` gives them (empty: none). */
export function generatedAddressRows(subnet: GeneratedSubnet): Row[] {
  cachedTemplates ??= templates();
  const template = cachedTemplates.address;
  const isIPv6 = subnet.network.includes(':');
  const network = isIPv6 ? (parseIPv6(subnet.network)?.value ?? 0n) : BigInt(parseIPv4(subnet.network) ?? 0);
  return Array.from({ length: subnet.addresses }, (_, index) => {
    const id = subnet.firstAddressId + index;
    const value = network + BigInt(index + 1);
    return {
      ...template,
      id,
      subnetId: subnet.id,
      ip: isIPv6 ? formatIPv6(value) : formatIPv4(Number(value)),
      is_gateway: index === 0 ? 1 : 0,
      description: index % 4 === 3 ? null : `Generated address ${id}`,
      hostname: index % 7 === 6 ? null : `host-${id}.gen.example`,
      mac:
        index % 2 === 0
          ? `52:54:00:${((id >> 16) & 255).toString(16).padStart(2, '0')}:${((id >> 8) & 255).toString(16).padStart(2, '0')}:${(id & 255).toString(16).padStart(2, '0')}`
          : null,
      owner: index % 3 === 0 ? 'team-gen' : null,
      tag: tagOf(index),
      deviceId: null,
      port: null,
      note: index % 10 === 5 ? `Note of ${id}\nsecond line` : null,
      lastSeen: '1970-01-01 00:00:01',
      custom_AssetTag: index % 5 === 0 ? `G-${id}` : null,
      custom_Environment: null,
      custom_WarrantyEnd: null,
    };
  });
}
