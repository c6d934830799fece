import { listedAddresses } from '@ipam/core/address-listing';
import { formatPrefix } from '@ipam/core/cidr';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { prefixLast } from '@ipam/core/prefix';
import { recordAudit } from '../audit/audit-repository.js';
import type { ChangeContext } from '../audit/change-context.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { requireSubnet } from '../subnets/subnets.js';
import { adjustStatusCounts, statusChange } from './address-count-repository.js';
import { addressView, type AddressView } from './address-view.js';
import type { StoredAddress } from './address-repository.js';
import { lockAddressRow, updateAddressRow, type AddressFields } from './address-write-repository.js';

/**
 * The value of an address typed in any valid form, if it is one of the subnet's listed host
 * addresses; other addresses (another version, outside, network or broadcast) are refused.
 */
export function hostAddressOf(subnet: SubnetRecord, text: string): bigint {
  const { prefix } = subnet;
  const parsed = parseAddress(text.trim());
  if (parsed === null || parsed.zone !== null) {
    const message = text.includes(':') || prefix.version === 6 ? messages.invalidIPv6 : messages.invalidIPv4;
    throw new DomainError('validation_failed', message, { ipAddress: message });
  }
  const cidr = formatPrefix(prefix);
  const listed = listedAddresses(prefix);
  const refuse = (message: string): never => {
    throw new DomainError('address_outside_subnet', message, { ipAddress: message });
  };
  if (
    parsed.version !== prefix.version ||
    parsed.value < prefix.network ||
    parsed.value > prefixLast(prefix)
  ) {
    refuse(messages.addressOutsideSubnet(cidr));
  }
  const ip = formatAddress(prefix.version, parsed.value);
  if (parsed.value < listed.first) refuse(messages.networkAddressNotHost(ip, cidr));
  if (parsed.value > listed.last) refuse(messages.broadcastAddressNotHost(ip, cidr));
  return parsed.value;
}

/**
 * Writes one address inside a transaction: the row is created if needed and locked, the change is
 * applied and recorded in the audit log with its before and after. Concurrent writers queue on the
 * row lock, so each is recorded and the last one stands.
 */
export async function writeAddressIn(
  trx: Db,
  ctx: ChangeContext,
  subnet: SubnetRecord,
  value: bigint,
  change: (before: StoredAddress) => AddressFields,
): Promise<AddressView> {
  const ref = { id: subnet.id, version: subnet.prefix.version };
  const { row: before, isNew } = await lockAddressRow(trx, ctx.account.id, ref, value);
  const fields = change(before);
  const updatedDate = nowIso();
  await updateAddressRow(trx, before.id, fields, updatedDate, ctx.userId);
  const after: StoredAddress = { ...before, ...fields, updatedDate, updatedBy: ctx.userId };
  await adjustStatusCounts(trx, subnet.id, statusChange(isNew ? null : before.status, after.status));
  await recordAudit(trx, {
    accountId: ctx.account.id,
    userId: ctx.userId,
    action: 'update',
    entity: 'address',
    entityId: before.ipAddress,
    subnetId: subnet.id,
    before: addressView(before),
    after: addressView(after),
  });
  return addressView(after);
}

async function writeAddress(
  ctx: ChangeContext,
  subnetId: string,
  ipText: string,
  change: (before: StoredAddress) => AddressFields,
): Promise<AddressView> {
  const view = await ctx.db.transaction().execute(async (trx) => {
    const subnet = await requireSubnet(trx, ctx.account.id, subnetId);
    return writeAddressIn(trx, ctx, subnet, hostAddressOf(subnet, ipText), change);
  });
  ctx.events.publish(ctx.account.id, { kind: 'address', id: view.ipAddress, subnetId });
  return view;
}

/** Sets an address's status, hostname, description and scanner permission; left-out fields stay. */
export async function setAddress(
  ctx: ChangeContext,
  subnetId: string,
  ipText: string,
  input: Partial<AddressFields>,
): Promise<AddressView> {
  return writeAddress(ctx, subnetId, ipText, (before) => ({
    status: input.status ?? before.status,
    hostname: input.hostname ?? before.hostname,
    description: input.description ?? before.description,
    allowScannerUpdate: input.allowScannerUpdate ?? before.allowScannerUpdate,
  }));
}

/** The spec's Clear: Available, hostname and description emptied, scanner updates turned off. */
export async function clearAddress(ctx: ChangeContext, subnetId: string, ipText: string) {
  return writeAddress(ctx, subnetId, ipText, () => ({
    status: 'Available',
    hostname: '',
    description: '',
    allowScannerUpdate: false,
  }));
}
