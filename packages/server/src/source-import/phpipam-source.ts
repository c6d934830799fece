import { MAX_IMPORT_ADDRESSES, MAX_IMPORT_SUBNETS } from '@ipam/core/api/source-import';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import { toSourceAddress, type PhpipamAddressContext } from './phpipam-addresses.js';
import { phpipamApi, type PhpipamApi, type PhpipamConnection } from './phpipam-api.js';
import { customFieldDefaults, idOf, tagsById, type PhpipamRow } from './phpipam-rows.js';
import { buildPhpipamStructure, isFolderRow } from './phpipam-structure.js';
import type { ImportSource, SourceAddress, SourceStructure, SourceSubnet } from './source-model.js';

/** At most this many addresses in one batch; a subnet's answer (no paging in phpIPAM) is split. */
export const PHPIPAM_ADDRESS_BATCH = 1_000;
/**
 * Subnets whose addresses are requested at once: enough to hide the round trips of many small
 * subnets, few enough to hold only a handful of answers and not to crowd phpIPAM.
 */
const ADDRESS_READS_IN_FLIGHT = 4;

// phpIPAM's messages for an empty list (quirk 2); any other 404 is an error.
const NO_SUBNETS = /^no subnets found$/i;
const NO_ADDRESSES = /^no addresses found$/i;
const NO_VRFS = /^no vrfs configured$/i;
const NO_VLANS = /^no vlans configured$/i;
const NO_CUSTOM_FIELDS = /^no custom fields defined$/i;

/** The rows of a list answer (`data` is an array of objects); null (an empty 404) is no rows. */
async function listOf(api: PhpipamApi, route: string, emptyWhen?: RegExp): Promise<PhpipamRow[]> {
  const data = await api.get(route, emptyWhen);
  if (data === null || data === undefined) return [];
  if (!Array.isArray(data) || data.some((row) => row === null || typeof row !== 'object')) {
    throw new DomainError('source_unreadable', messages.phpipamNotApi(api.label, route));
  }
  return data as PhpipamRow[];
}

/** The custom fields' defaults of `subnets` or `addresses` (none defined: a 404). */
async function defaultsOf(api: PhpipamApi, kind: 'subnets' | 'addresses') {
  return customFieldDefaults(await api.get(`${kind}/custom_fields/`, NO_CUSTOM_FIELDS));
}

/** Reads sections, their subnets and folders, VRFs and VLANs; refuses more than MAX_IMPORT_SUBNETS subnets. */
async function readStructure(api: PhpipamApi): Promise<SourceStructure> {
  const sections = await listOf(api, 'sections/');
  // `sections/{id}/subnets/` gives subnets and folders of every level with `masterSubnetId`, where
  // `subnets/` leaves folders out and answers 500 when there are none (phpIPAM 1.8).
  const subnets: PhpipamRow[] = [];
  let subnetCount = 0;
  for (const section of sections) {
    const id = idOf(section.id);
    if (id === null) continue;
    const rows = await listOf(api, `sections/${id}/subnets/`, NO_SUBNETS);
    subnetCount += rows.filter((row) => !isFolderRow(row)).length;
    if (subnetCount > MAX_IMPORT_SUBNETS) {
      throw new DomainError('source_too_large', messages.sourceTooManySubnets(MAX_IMPORT_SUBNETS));
    }
    subnets.push(...rows);
  }
  const vrfs = await listOf(api, 'vrf/', NO_VRFS);
  const vlans = await listOf(api, 'vlan/', NO_VLANS);
  const subnetFieldDefaults = await defaultsOf(api, 'subnets');
  return buildPhpipamStructure({ sections, subnets, vrfs, vlans, subnetFieldDefaults });
}

/**
 * The addresses of every subnet of `structure`, in batches of at most PHPIPAM_ADDRESS_BATCH. phpIPAM
 * sends a subnet's addresses in one answer, so memory holds the answers in flight and one batch.
 */
async function* readAddresses(api: PhpipamApi, structure: SourceStructure): AsyncGenerator<SourceAddress[]> {
  const context: PhpipamAddressContext = {
    tags: tagsById(await listOf(api, 'addresses/tags/')),
    fieldDefaults: await defaultsOf(api, 'addresses'),
  };
  const subnets = structure.subnets.filter((subnet) => /^[0-9]+$/.test(subnet.key));
  const inFlight: { subnet: SourceSubnet; rows: Promise<PhpipamRow[]> }[] = [];
  let next = 0;
  const request = () => {
    const subnet = subnets[next++];
    if (subnet === undefined) return;
    const rows = listOf(api, `subnets/${subnet.key}/addresses/`, NO_ADDRESSES);
    // Seen by the loop below in order; a failure of a read not yet awaited is reported there, not lost.
    rows.catch(() => undefined);
    inFlight.push({ subnet, rows });
  };
  while (inFlight.length < ADDRESS_READS_IN_FLIGHT && next < subnets.length) request();

  let batch: SourceAddress[] = [];
  let count = 0;
  for (let read = inFlight.shift(); read !== undefined; read = inFlight.shift()) {
    const rows = await read.rows;
    request();
    count += rows.length;
    if (count > MAX_IMPORT_ADDRESSES) {
      throw new DomainError('source_too_large', messages.sourceTooManyAddresses(MAX_IMPORT_ADDRESSES));
    }
    for (const row of rows) {
      batch.push(toSourceAddress(row, read.subnet, context));
      if (batch.length === PHPIPAM_ADDRESS_BATCH) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * A phpIPAM installation as a source of an import, read through its REST API with the app's token
 * (its answers recorded from phpIPAM 1.8.2). Keys are phpIPAM's ids as text ("section:3" and "folder:17" for groups, since
 * sections and folders are numbered apart); labels name them ("phpIPAM subnet 9").
 */
export function phpipamSource(connection: PhpipamConnection): ImportSource {
  const api = phpipamApi(connection);
  return {
    label: api.label,
    readStructure: () => readStructure(api),
    addresses: (structure) => readAddresses(api, structure),
  };
}
