import { grouped } from './grouped.js';

const superscripts = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** How a table cell shows a host count: `text` fits the column, `exact` is the grouped number. */
export interface HostCountText {
  text: string;
  exact: string;
}

/**
 * A count for the table's narrow Usable Hosts column (issue 29): grouped while it has at most 10 digits
 * (every IPv4 subnet but /1), else a power of two such as '2⁶⁴' for an IPv6 /64, which is exact because
 * every IPv6 address counts (PL-4); `exact` keeps the full number for the tooltip.
 */
export function hostCountText(count: string): HostCountText {
  const exact = grouped(count);
  const value = BigInt(count);
  const bits = value.toString(2).length - 1;
  if (value < 10_000_000_000n || value !== 1n << BigInt(bits)) return { text: exact, exact };
  const power = [...String(bits)].map((digit) => superscripts[Number(digit)]).join('');
  return { text: `2${power}`, exact };
}
