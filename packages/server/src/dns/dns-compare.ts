import type { DnsComparison } from '@ipam/core/api/dns';
import { prefixContains } from '@ipam/core/cidr';
import { compareDnsRecords, type DnsRecordIn } from '@ipam/core/dns-compare';
import { dnsRecordsOf } from '@ipam/core/dns-changes';
import { parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import type { Prefix } from '@ipam/core/prefix';
import { addressOfReverseName } from '@ipam/core/reverse-zone';
import type { DnsFixInput } from '@ipam/core/schemas/dns-schemas';
import type { ChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { requireLeaf } from '../subnets/subnets.js';
import { DnsProviderError, type DnsProvider } from './dns-provider.js';
import { dnsClientOf } from './dns-providers.js';
import { listNamedAddresses } from './dns-settings-repository.js';
import { subnetDns, type SubnetDns } from './dns-settings-in-force.js';
import { takeHostnamesFromDns } from './dns-take-into-ipam.js';

async function readZone(client: DnsProvider, zone: string): Promise<DnsRecordIn[]> {
  try {
    return (await client.list(zone)).map((record) => ({ ...record, zone }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unknown error';
    throw new DomainError('dns_provider_failed', messages.dnsProviderUnreachable(detail));
  }
}

function inSubnet(prefix: Prefix, record: DnsRecordIn): boolean {
  const address = record.type === 'PTR' ? addressOfReverseName(record.name) : parseAddress(record.value);
  return address !== null && address.version === prefix.version && prefixContains(prefix, address.value);
}

interface Compared extends DnsComparison {
  dns: SubnetDns;
  prefix: Prefix;
}

async function compare(ctx: ChangeContext, subnetId: string): Promise<Compared> {
  const subnet = await requireLeaf(ctx.db, ctx.account.id, subnetId);
  const dns = await subnetDns(ctx.db, ctx.account.id, subnetId);
  if (!dns) throw new DomainError('dns_not_configured', messages.dnsNotConfigured);
  const zones = { forwardZone: dns.forwardZone, reverseZone: dns.reverseZone };
  const addresses = await listNamedAddresses(ctx.db, ctx.account.id, subnetId);
  const expected = addresses.flatMap((address) => dnsRecordsOf(address, zones));
  const client = dnsClientOf(dns.provider);
  const held = [...(await readZone(client, dns.forwardZone)), ...(await readZone(client, dns.reverseZone))];
  const items = compareDnsRecords(expected, held, (record) => inSubnet(subnet.prefix, record));
  return { forwardZone: dns.forwardZone, reverseZone: dns.reverseZone, items, dns, prefix: subnet.prefix };
}

/** Compare with DNS: the subnet's records that DNS lacks, has besides, or points elsewhere. */
export async function compareSubnetWithDns(ctx: ChangeContext, subnetId: string): Promise<DnsComparison> {
  const { forwardZone, reverseZone, items } = await compare(ctx, subnetId);
  return { forwardZone, reverseZone, items };
}

/**
 * Fixes chosen differences (or all): `to-dns` writes what the IPAM has into DNS (and removes extras);
 * `to-ipam` sets the addresses' hostnames from what DNS has. Owner only, like the settings.
 */
export async function fixSubnetDns(
  ctx: ChangeContext,
  subnetId: string,
  input: DnsFixInput,
): Promise<{ fixed: number }> {
  const found = await compare(ctx, subnetId);
  const chosen =
    input.keys === null ? found.items : found.items.filter((item) => input.keys?.includes(item.key));
  if (input.direction === 'to-ipam')
    return { fixed: await takeHostnamesFromDns(ctx, subnetId, found.prefix, chosen) };
  const client = dnsClientOf(found.dns.provider);
  try {
    for (const item of chosen) {
      if (item.kind === 'extra' && item.dnsValue !== null) {
        await client.remove(item.zone, { name: item.name, type: item.type, value: item.dnsValue });
      } else if (item.ipamValue !== null) {
        await client.upsert(item.zone, { name: item.name, type: item.type, value: item.ipamValue });
      }
    }
  } catch (error) {
    if (error instanceof DnsProviderError)
      throw new DomainError('dns_provider_failed', messages.dnsProviderUnreachable(error.message));
    throw error;
  }
  return { fixed: chosen.length };
}
