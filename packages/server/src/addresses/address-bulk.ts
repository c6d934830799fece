import { clearedAddressFields } from '@ipam/core/address-defaults';
import { messages } from '@ipam/core/messages';
import type { BulkAddressInput } from '@ipam/core/schemas/bulk-address-schemas';
import { runChange, type ChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { requireLeaf } from '../subnets/subnets.js';
import type { AddressView } from './address-view.js';
import type { StoredAddress } from './address-repository.js';
import type { AddressFields } from './address-row.js';
import { hostAddressOf, writeAddressesIn } from './address-writes.js';

/**
 * The distinct host addresses of the subnet named in a bulk change, in address order. Every address
 * that is not one is reported at once (each under `ipAddresses.<index>`), so a script fixes its list in
 * one go; nothing is written then.
 */
function bulkHostAddresses(subnet: SubnetRecord, texts: readonly string[]): bigint[] {
  const values = new Set<bigint>();
  const refused: Record<string, string> = {};
  let firstRefusal: string | null = null;
  texts.forEach((text, index) => {
    try {
      values.add(hostAddressOf(subnet, text));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const message = messages.bulkAddressRefused(text.trim(), error.message);
      refused[`ipAddresses.${index}`] = message;
      firstRefusal ??= message;
    }
  });
  const refusedCount = Object.keys(refused).length;
  if (firstRefusal !== null) {
    const message =
      refusedCount === 1 ? firstRefusal : messages.bulkAddressesRefused(refusedCount, firstRefusal);
    throw new DomainError('address_outside_subnet', message, refused);
  }
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** How a bulk change turns each address's stored data into its new data. */
function bulkChangeOf(input: BulkAddressInput): (before: StoredAddress) => AddressFields {
  if (input.action === 'clear') return () => ({ ...clearedAddressFields });
  const { status, description, allowScannerUpdate } = input;
  return (before) => ({
    status: status ?? before.status,
    hostname: before.hostname,
    description: description ?? before.description,
    allowScannerUpdate: allowScannerUpdate ?? before.allowScannerUpdate,
  });
}

/**
 * One change to many addresses of a leaf (the address table's bulk actions): one transaction, all or
 * nothing; one audit entry per address with its before and after; the status counts adjusted; one live
 * event for the subnet after the commit. Answers the addresses as written, in address order.
 */
export async function changeAddressesInBulk(
  ctx: ChangeContext,
  subnetId: string,
  input: BulkAddressInput,
): Promise<{ count: number; items: AddressView[] }> {
  return runChange(ctx, async (change) => {
    const subnet = await requireLeaf(change.trx, ctx.account.id, subnetId);
    const values = bulkHostAddresses(subnet, input.ipAddresses);
    const fields = bulkChangeOf(input);
    const items = await writeAddressesIn(
      change,
      ctx,
      subnet,
      values.map((value) => ({ value, change: fields })),
    );
    change.announce({ kind: 'address', id: subnetId, subnetId });
    return { count: items.length, items };
  });
}
