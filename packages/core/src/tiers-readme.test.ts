import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasScanners, hasSupportTickets, ipv4PrefixRange, ipv6PrefixRange, TIERS } from './tiers.js';

const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');

/** The cells of the table under README's "## Tiers" heading, header and separator left out. */
function readmeTierRows(): string[][] {
  const section = readme.split('\n## Tiers\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** The row tiers.ts gives for a tier, written as the README writes it. */
function rowFromCode(tier: (typeof TIERS)[number]): string[] {
  const ipv4 = ipv4PrefixRange(tier.tier);
  const ipv6 = ipv6PrefixRange(tier.tier);
  return [
    String(tier.tier),
    tier.name,
    tier.maxnetworks === null ? 'set per account' : String(tier.maxnetworks),
    tier.maxusers === null ? 'set per account' : String(tier.maxusers),
    `/${ipv4.min} to /${ipv4.max}`,
    ipv6 ? `/${ipv6.min} to /${ipv6.max}` : 'none',
    hasScanners(tier.tier) && hasSupportTickets(tier.tier) ? 'yes' : 'no',
  ];
}

describe("README's tier table", () => {
  it('says what tiers.ts grants, tier by tier', () => {
    expect(readmeTierRows()).toEqual(TIERS.map(rowFromCode));
  });

  it('states the free tier the specification markets: 2 IPv4 subnets of /24 or smaller, no IPv6', () => {
    expect(readmeTierRows()[0]).toEqual(['0', 'Free', '2', '2', '/24 to /32', 'none', 'no']);
  });
});
