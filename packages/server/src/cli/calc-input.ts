import { calculateIPv4, type IPv4Calculation } from '@ipam/core/calculator-ipv4';
import { calculateIPv6, type IPv6Calculation } from '@ipam/core/calculator-ipv6';

/** The result of one `ipam calc` input, or the spec's message saying why it was refused. */
export type CalcLineOutcome =
  | { readonly ok: true; readonly result: IPv4Calculation | IPv6Calculation }
  | { readonly ok: false; readonly message: string };

const WHITESPACE = /\s+/;

/**
 * Calculates one input as typed on the command line or a batch line: `ADDR/PREFIX`, `ADDR/MASK` or
 * `ADDR MASK`. An address with a colon is IPv6. An input without a mask or prefix is refused.
 */
export function calculateInput(input: string): CalcLineOutcome {
  const text = input.trim();
  let address: string;
  let mask: string;
  const space = text.search(WHITESPACE);
  if (space >= 0) {
    address = text.slice(0, space);
    mask = text.slice(space).trim();
  } else {
    const slash = text.lastIndexOf('/');
    address = slash < 0 ? text : text.slice(0, slash);
    mask = slash < 0 ? '' : text.slice(slash + 1);
  }
  // The calculators check the address first, so `bad` (no mask) is reported as a bad address.
  const outcome = address.includes(':') ? calculateIPv6(address, mask) : calculateIPv4(address, mask);
  return outcome.ok ? outcome : { ok: false, message: outcome.error.message };
}
