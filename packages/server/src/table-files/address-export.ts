import { availableAddressFields } from '@ipam/core/address-defaults';
import { listedAddresses } from '@ipam/core/address-listing';
import { formatPrefix } from '@ipam/core/cidr';
import { formatAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { ADDRESS_COLUMNS, canExportEveryAddress, tableFileName } from '@ipam/core/table-files';
import type { AddressExportQuery } from '@ipam/core/schemas/table-file-schemas';
import { listStored, NOT_SEEN, type StoredAddress, type SubnetRef } from '../addresses/address-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { requireLeaf } from '../subnets/subnets.js';
import { contentTypeOf, tableStream, type TableCell, type TableFile } from './table-writer.js';
import { exportedAuthors } from './updated-by.js';

const BATCH = 2000;

/** The written addresses from `from` to `last`, in address order, read a batch at a time. */
async function* storedFrom(db: Db, subnet: SubnetRef, from: bigint, last: bigint) {
  let position = from;
  while (position <= last) {
    const batch = await listStored(db, subnet, position, last, {}, BATCH);
    yield* batch;
    const end = batch.at(-1);
    if (batch.length < BATCH || end === undefined) return;
    position = end.value + 1n;
  }
}

/** Every listed address, the written ones as stored and the others as the virtual Available row. */
async function* everyAddress(db: Db, subnet: SubnetRef, first: bigint, last: bigint) {
  const stored = storedFrom(db, subnet, first, last)[Symbol.asyncIterator]();
  let next = await stored.next();
  for (let value = first; value <= last; value++) {
    if (!next.done && next.value.value === value) {
      yield next.value;
      next = await stored.next();
    } else {
      yield {
        id: '',
        value,
        ipAddress: formatAddress(subnet.version, value),
        ...availableAddressFields,
        ...NOT_SEEN,
        ...NOT_SEEN,
        updatedDate: null,
        updatedBy: null,
      } satisfies StoredAddress;
    }
  }
}

function addressRow(address: StoredAddress, authors: ReadonlyMap<string, string>): TableCell[] {
  const by = address.updatedBy;
  return [
    address.ipAddress,
    address.status,
    address.hostname,
    address.description,
    address.allowScannerUpdate,
    address.updatedDate ?? '',
    by === null ? '' : (authors.get(by) ?? by),
    address.mac ?? '',
    address.firstSeen ?? '',
    address.lastSeen ?? '',
    address.lastSeenBy ?? '',
  ];
}

/** The addresses as file rows, a batch at a time: who changed each is named once per batch. */
async function* rowsOf(db: Db, accountId: string, addresses: AsyncIterable<StoredAddress>) {
  let batch: StoredAddress[] = [];
  const flush = async () => {
    const ids = batch.flatMap((address) => (address.updatedBy === null ? [] : [address.updatedBy]));
    const authors = ids.length > 0 ? await exportedAuthors(db, accountId, ids) : new Map<string, string>();
    const rows = batch.map((address) => addressRow(address, authors));
    batch = [];
    return rows;
  };
  for await (const address of addresses) {
    batch.push(address);
    if (batch.length === BATCH) yield* await flush();
  }
  yield* await flush();
}

/**
 * A subnet's addresses as CSV or XLSX, in address order: the written ones, or (all) every listed
 * address for subnets of at most 65,536 addresses; a larger one is a 400 saying so. `updatedBy` names
 * a person by e-mail, a program (a scanner, an import) by its name.
 */
export async function exportAddresses(
  db: Db,
  accountId: string,
  subnetId: string,
  query: AddressExportQuery,
): Promise<TableFile> {
  const subnet = await requireLeaf(db, accountId, subnetId);
  if (query.all && !canExportEveryAddress(subnet.prefix)) {
    throw new DomainError('export_too_large', messages.exportAllTooLarge(formatPrefix(subnet.prefix)));
  }
  const ref = { id: subnet.id, version: subnet.prefix.version };
  const { first, last } = listedAddresses(subnet.prefix);
  const addresses = query.all ? everyAddress(db, ref, first, last) : storedFrom(db, ref, first, last);
  return {
    fileName: tableFileName(subnet.name, 'addresses', query.format),
    contentType: contentTypeOf(query.format),
    body: tableStream(query.format, 'Addresses', ADDRESS_COLUMNS, rowsOf(db, accountId, addresses)),
  };
}
