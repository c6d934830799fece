import { z } from 'zod';
import { messages } from '../messages.js';
import { ipv4SubnetCreateSchema, ipv6SubnetCreateSchema, subnetUpdateSchema } from './subnet-schemas.js';

/**
 * Which create schema a body is meant for: `prefixLength` means IPv6, `bits` IPv4; with neither
 * (a form that left the length empty) the network address decides, so the missing field is named.
 */
function isIPv6Body(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if ('prefixLength' in value) return true;
  if ('bits' in value) return false;
  return 'networkIP' in value && typeof value.networkIP === 'string' && value.networkIP.includes(':');
}

/**
 * `POST /api/accounts/:a/subnets`: an IPv4 body (`bits`) or an IPv6 body (`prefixLength`). The body
 * is checked against the one schema it is meant for, so every message is that schema's own (a plain
 * union would only say "Invalid input"); the union documents both shapes.
 */
export const subnetCreateBody = z.preprocess(
  (value, ctx) => {
    const schema = isIPv6Body(value) ? ipv6SubnetCreateSchema : ipv4SubnetCreateSchema;
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
    }
    return value;
  },
  z.union([ipv4SubnetCreateSchema, ipv6SubnetCreateSchema]),
);

const fixedFields = ['networkIP', 'bits', 'prefixLength'] as const;
const fixedPlaceFields = ['vrfId', 'kind'] as const;

/** `PATCH /api/accounts/:a/subnets/:id`: the editable fields; network and prefix get their own message. */
export const subnetUpdateBody = z.preprocess((value, ctx) => {
  if (typeof value === 'object' && value !== null) {
    for (const field of fixedFields) {
      if (field in value) {
        ctx.addIssue({ code: 'custom', message: messages.subnetNetworkFixed, path: [field] });
      }
    }
    for (const field of fixedPlaceFields) {
      if (field in value) ctx.addIssue({ code: 'custom', message: messages.subnetVrfFixed, path: [field] });
    }
  }
  return value;
}, subnetUpdateSchema);
