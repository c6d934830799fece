import { z } from 'zod';
import { DNS_PROVIDER_KINDS, TSIG_ALGORITHM_NAMES } from '../schemas/dns-schemas.js';

/** A DNS provider as the API shows it: never its secret, only whether one is stored. */
export const dnsProviderResponse = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DNS_PROVIDER_KINDS),
  endpoint: z.string().describe('PowerDNS API URL, or the RFC 2136 server as host:port'),
  tsigKeyName: z.string().nullable(),
  tsigAlgorithm: z.enum(TSIG_ALGORITHM_NAMES).nullable(),
  hasSecret: z.boolean().describe('the API key or TSIG secret is stored (it is write-only)'),
  updatedDate: z.string(),
});
export type DnsProviderView = z.infer<typeof dnsProviderResponse>;

const ownSettings = z.object({
  providerId: z.string(),
  forwardZone: z.string(),
  reverseZone: z.string().nullable().describe('null: derived from the subnet'),
});

/** The DNS settings of a subnet or group: its own (if any) and the ones in force (own or inherited). */
export const dnsSettingsResponse = z.object({
  own: ownSettings.nullable(),
  effective: z
    .object({
      providerId: z.string(),
      providerName: z.string(),
      forwardZone: z.string(),
      reverseZone: z.string().nullable().describe('for a group with no own reverse zone: derived per subnet'),
      inheritedFrom: z.object({ kind: z.enum(['subnet', 'group']), id: z.string(), name: z.string() }),
    })
    .nullable(),
});
export type DnsSettingsView = z.infer<typeof dnsSettingsResponse>;

/** How one record differs between the IPAM and DNS. */
export const DNS_DIFFERENCE_KINDS = ['missing', 'extra', 'different'] as const;

/** One difference found by Compare with DNS. */
export const dnsDifferenceResponse = z.object({
  key: z.string().describe('names this difference in a fix request'),
  kind: z
    .enum(DNS_DIFFERENCE_KINDS)
    .describe('missing: in the IPAM, not in DNS; extra: in DNS only; different: points elsewhere'),
  zone: z.string(),
  type: z.enum(['A', 'AAAA', 'PTR']),
  name: z.string(),
  ipamValue: z.string().nullable(),
  dnsValue: z.string().nullable(),
});
export type DnsDifference = z.infer<typeof dnsDifferenceResponse>;

/** Compare with DNS: the zones compared and every difference. */
export const dnsComparisonResponse = z.object({
  forwardZone: z.string(),
  reverseZone: z.string(),
  items: z.array(dnsDifferenceResponse),
});
export type DnsComparison = z.infer<typeof dnsComparisonResponse>;

/** What a fix did. */
export const dnsFixResponse = z.object({ fixed: z.number().int() });
