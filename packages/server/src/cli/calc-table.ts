import type { IPv4Calculation } from '@ipam/core/calculator-ipv4';
import type { IPv6Calculation } from '@ipam/core/calculator-ipv6';

/** Groups digits by thousands: 18446744073709551616 → 18,446,744,073,709,551,616. */
function groupDigits(value: number | string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The rows of the human-readable `ipam calc` table. */
export function calcRows(result: IPv4Calculation | IPv6Calculation): [string, string][] {
  if (result.version === 4) {
    return [
      ['Address', result.address],
      ['Prefix length', `/${result.cidr}`],
      ['Network address', result.networkAddress],
      ['Broadcast address', result.broadcastAddress ?? `none (/${result.cidr}, RFC 3021)`],
      ['Usable range', result.usableIpRange],
      ['Total addresses', groupDigits(result.totalAddresses)],
      ['Usable hosts', groupDigits(result.totalHosts)],
      ['Subnet mask', result.subnetMask],
      ['Wildcard mask', result.wildcardMask],
      ['Binary mask', result.binarySubnetMask],
      ['Class', result.ipClass],
      ['Type', result.ipType],
    ];
  }
  return [
    ['Address', result.address],
    ['Prefix length', `/${result.cidr}`],
    ['Network address', result.networkAddress],
    ['Last address', result.lastAddress],
    ['Usable range', result.usableIpRange],
    ['Total addresses', groupDigits(result.totalAddresses)],
    ['Usable hosts', groupDigits(result.totalHosts)],
    ['Prefix mask', result.subnetMask],
    ['Type', result.ipType],
  ];
}

/** The result as an aligned two-column table, one line per field. */
export function formatCalcTable(result: IPv4Calculation | IPv6Calculation): string {
  const rows = calcRows(result);
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}\n`).join('');
}
