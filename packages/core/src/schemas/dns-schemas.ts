import { z } from 'zod';
import { hostnameProblem } from '../hostname.js';
import { messages } from '../messages.js';
import { canonicalDnsName } from '../reverse-zone.js';
import { MAX_NAME_LENGTH, requiredText } from './common-fields.js';

/** The kinds of DNS server the IPAM writes records to. */
export const DNS_PROVIDER_KINDS = ['powerdns', 'rfc2136'] as const;
export type DnsProviderKind = (typeof DNS_PROVIDER_KINDS)[number];

/** TSIG algorithms, named as BIND's `tsig-keygen -a` names them. */
export const TSIG_ALGORITHM_NAMES = [
  'hmac-sha256',
  'hmac-sha512',
  'hmac-sha384',
  'hmac-sha224',
  'hmac-sha1',
  'hmac-md5',
] as const;

/** Most DNS providers one account may hold; the list is answered whole. */
export const MAX_DNS_PROVIDERS_PER_ACCOUNT = 50;
const MAX_SECRET_LENGTH = 500;
const MAX_ENDPOINT_LENGTH = 300;

/** Whether text is an http(s) URL (PowerDNS) or host[:port] (RFC 2136). */
function isEndpoint(kind: DnsProviderKind, text: string): boolean {
  // core has no URL class (no DOM or Node types): an http(s) address with a host, checked by pattern.
  if (kind === 'powerdns')
    return /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/\S*)?$|^https?:\/\/\[[0-9a-f:.]+\](:\d{1,5})?(\/\S*)?$/i.test(
      text,
    );
  return /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(text);
}

/** A zone name: host-name labels, no trailing dot, lower case. */
export const dnsZoneName = z
  .string({ error: messages.dnsZoneInvalid })
  .overwrite(canonicalDnsName)
  .refine((name) => name !== '' && hostnameProblem(name) === null, messages.dnsZoneInvalid);

const providerFields = {
  name: requiredText(messages.dnsProviderNameRequired, 'Name', MAX_NAME_LENGTH),
  kind: z.enum(DNS_PROVIDER_KINDS),
  endpoint: z.string().trim().min(1, messages.dnsEndpointInvalid).max(MAX_ENDPOINT_LENGTH),
  tsigKeyName: dnsZoneName.nullish(),
  tsigAlgorithm: z.enum(TSIG_ALGORITHM_NAMES).nullish(),
};

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

function checkProvider(
  input: {
    kind: DnsProviderKind;
    endpoint: string;
    tsigKeyName?: string | null | undefined;
    secret?: string | undefined;
  },
  ctx: z.RefinementCtx,
  isNew: boolean,
): void {
  if (!isEndpoint(input.kind, input.endpoint))
    ctx.addIssue({ code: 'custom', path: ['endpoint'], message: messages.dnsEndpointInvalid });
  if (input.kind === 'rfc2136' && !input.tsigKeyName)
    ctx.addIssue({ code: 'custom', path: ['tsigKeyName'], message: messages.dnsTsigKeyRequired });
  if (isNew && !input.secret)
    ctx.addIssue({ code: 'custom', path: ['secret'], message: messages.dnsSecretRequired });
  if (input.kind === 'rfc2136' && input.secret && !base64.test(input.secret)) {
    ctx.addIssue({ code: 'custom', path: ['secret'], message: messages.dnsTsigSecretInvalid });
  }
}

/** A new provider: the secret (API key or TSIG secret) is required. */
export const dnsProviderCreateSchema = z
  .strictObject({ ...providerFields, secret: z.string().trim().max(MAX_SECRET_LENGTH) })
  .superRefine((input, ctx) => checkProvider(input, ctx, true));
export type DnsProviderCreateInput = z.infer<typeof dnsProviderCreateSchema>;

/** A provider edit: the secret is only replaced when given (it is never read back). */
export const dnsProviderUpdateSchema = z
  .strictObject({ ...providerFields, secret: z.string().trim().max(MAX_SECRET_LENGTH).optional() })
  .superRefine((input, ctx) => checkProvider(input, ctx, false));
export type DnsProviderUpdateInput = z.infer<typeof dnsProviderUpdateSchema>;

/** The DNS settings of a subnet or group: a provider, a forward zone, and the reverse zone (null: derived). */
export const dnsSettingsSchema = z.strictObject({
  providerId: z.string().min(1).max(100),
  forwardZone: dnsZoneName,
  reverseZone: dnsZoneName.nullable(),
});
export type DnsSettingsInput = z.infer<typeof dnsSettingsSchema>;

/** Which way a Compare with DNS fix goes: DNS made to match the IPAM, or the IPAM takes what DNS has. */
export const DNS_FIX_DIRECTIONS = ['to-dns', 'to-ipam'] as const;

/** Fix some or all differences of a comparison; each difference is named by its key from the listing. */
export const dnsFixSchema = z.strictObject({
  direction: z.enum(DNS_FIX_DIRECTIONS),
  keys: z.array(z.string().max(400)).max(10_000).nullable().describe('null: every difference'),
});
export type DnsFixInput = z.infer<typeof dnsFixSchema>;
