import type { Db } from '../db/database.js';
import { deliverDnsItem, type DnsDeliveryPayload } from './dns-delivery.js';
import { DnsProviderError } from './dns-provider.js';
import { findDnsProvider } from './dns-provider-repository.js';
import { DNS_KIND } from './dns-producer.js';

/** What one attempt came to, as the outbox records it (its DeliveryOutcome fits). */
export interface DnsDeliveryOutcome {
  isDelivered: boolean;
  error?: string | null;
  isPermanent?: boolean;
}

function isPayload(payload: unknown): payload is DnsDeliveryPayload {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'providerId' in payload &&
    'operations' in payload &&
    Array.isArray(payload.operations)
  );
}

/**
 * The outbox handler of DNS sync: applies an item's record changes through its provider. A server's
 * refusal or silence is a failure the outbox retries (every operation is idempotent, so a retry of a
 * half-sent item is harmless); a removed provider gives the item up.
 */
export function dnsHandler(db: Db) {
  return {
    kind: DNS_KIND,
    async deliver(item: { accountId: string; payload: unknown }): Promise<DnsDeliveryOutcome> {
      if (!isPayload(item.payload)) return { isDelivered: false, isPermanent: true, error: 'not a DNS item' };
      if (!(await findDnsProvider(db, item.accountId, item.payload.providerId))) {
        return { isDelivered: false, isPermanent: true, error: 'DNS provider removed' };
      }
      try {
        await deliverDnsItem(db, item.accountId, item.payload);
        return { isDelivered: true };
      } catch (error) {
        if (error instanceof DnsProviderError || error instanceof Error)
          return { isDelivered: false, error: error.message };
        throw error;
      }
    },
  };
}
