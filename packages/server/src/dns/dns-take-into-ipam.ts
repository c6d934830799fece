import { hostAddressProblem } from '@ipam/core/address-listing';
import type { DnsDifference } from '@ipam/core/api/dns';
import { parseAddress } from '@ipam/core/ip-address';
import type { Prefix } from '@ipam/core/prefix';
import { addressOfReverseName } from '@ipam/core/reverse-zone';
import type { StoredAddress } from '../addresses/address-repository.js';
import { writeAddressesIn } from '../addresses/address-writes.js';
import { runChange, type ChangeContext } from '../commands/change.js';
import { requireLeaf } from '../subnets/subnets.js';

/** The hostnames DNS gives the subnet's addresses, by address value ('' clears one). */
function hostnamesFromDns(prefix: Prefix, differences: readonly DnsDifference[]): Map<bigint, string> {
  const names = new Map<bigint, string>();
  const give = (text: string | null, hostname: string): void => {
    const address = text === null ? null : parseAddress(text);
    if (address && address.version === prefix.version && hostAddressProblem(prefix, address.value) === null) {
      names.set(address.value, hostname);
    }
  };
  for (const item of differences) {
    if (item.type === 'PTR') {
      const address = addressOfReverseName(item.name);
      if (
        address &&
        address.version === prefix.version &&
        hostAddressProblem(prefix, address.value) === null
      ) {
        names.set(address.value, item.dnsValue ?? '');
      }
      continue;
    }
    // A/AAAA: the IPAM's address loses the name DNS does not give it; the address DNS names gets it.
    if (item.kind !== 'extra') give(item.ipamValue, '');
    if (item.dnsValue !== null) give(item.dnsValue, item.name);
  }
  return names;
}

/** Takes into the IPAM what DNS has for the chosen differences: hostnames set or cleared, in one change. */
export async function takeHostnamesFromDns(
  ctx: ChangeContext,
  subnetId: string,
  prefix: Prefix,
  differences: readonly DnsDifference[],
): Promise<number> {
  const names = hostnamesFromDns(prefix, differences);
  if (names.size === 0) return 0;
  await runChange(ctx, async (work) => {
    const subnet = await requireLeaf(work.trx, ctx.account.id, subnetId);
    const writes = [...names].map(([value, hostname]) => ({
      value,
      change: (before: StoredAddress) => ({
        status: hostname !== '' && before.status === 'Available' ? ('In Use' as const) : before.status,
        hostname,
        description: before.description,
        allowScannerUpdate: before.allowScannerUpdate,
      }),
    }));
    const views = await writeAddressesIn(work, ctx, subnet, writes);
    for (const view of views) work.announce({ kind: 'address', id: view.ipAddress, subnetId });
  });
  return differences.length;
}
