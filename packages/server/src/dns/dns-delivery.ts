import type { DnsOperation } from '@ipam/core/dns-changes';
import type { Db } from '../db/database.js';
import type { DnsProvider } from './dns-provider.js';
import { findDnsProvider } from './dns-provider-repository.js';
import { dnsClientOf } from './dns-providers.js';

/** What one queued DNS item carries: the provider to use (its secret read at send time) and the record changes in order. */
export interface DnsDeliveryPayload {
  providerId: string;
  operations: DnsOperation[];
}

/** Applies record changes in order. Each is idempotent, so re-applying a partly sent item is harmless. */
export async function applyDnsOperations(
  provider: DnsProvider,
  operations: readonly DnsOperation[],
): Promise<void> {
  for (const op of operations) {
    const record = { name: op.name, type: op.type, value: op.value };
    if (op.action === 'upsert') await provider.upsert(op.zone, record);
    else await provider.remove(op.zone, record);
  }
}

/**
 * Delivers one queued DNS item of an account: throws when the server fails (the queue retries), and
 * does nothing when the provider has since been removed (there is nowhere left to send it).
 */
export async function deliverDnsItem(db: Db, accountId: string, payload: DnsDeliveryPayload): Promise<void> {
  const provider = await findDnsProvider(db, accountId, payload.providerId);
  if (!provider) return;
  await applyDnsOperations(dnsClientOf(provider), payload.operations);
}
