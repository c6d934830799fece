import { describe, expect, it } from 'vitest';
import { planSubnet } from './plan-subnet-fixture.js';
import { PREVIEW_CHILDREN, splitPreview } from './split-preview.js';

describe('Split Subnet preview (core splitPrefix)', () => {
  it('PL-93: 10.0.0.0/24 to /26', () => {
    const preview = splitPreview(planSubnet('LAN', '10.0.0.0/24'), 26);
    expect(preview.summary).toBe('Current: /24 → New: /26 (4 subnets)');
    expect(preview.hostsPerChild).toBe('62');
    expect(preview.count).toBe(4n);
    expect(preview.children).toEqual([
      { network: '10.0.0.0/26', last: 'Broadcast: 10.0.0.63' },
      { network: '10.0.0.64/26', last: 'Broadcast: 10.0.0.127' },
      { network: '10.0.0.128/26', last: 'Broadcast: 10.0.0.191' },
      { network: '10.0.0.192/26', last: 'Broadcast: 10.0.0.255' },
    ]);
    expect(preview.more).toBeNull();
    expect(preview.limit).toBeNull();
  });

  it('PL-94: 10.0.0.0/20 to /28 lists 10 and says 246 more', () => {
    const preview = splitPreview(planSubnet('x', '10.0.0.0/20'), 28);
    expect(preview.count).toBe(256n);
    expect(preview.hostsPerChild).toBe('14');
    expect(preview.children).toHaveLength(10);
    expect(preview.children.at(-1)?.network).toBe('10.0.0.144/28');
    expect(preview.more).toBe('... and 246 more subnets');
  });

  it('PL-95: IPv6 hosts per subnet are exact', () => {
    const preview = splitPreview(planSubnet('v6', '2001:db8::/64'), 66);
    expect(preview.hostsPerChild).toBe('4,611,686,018,427,387,904');
    expect(preview.children[0]?.last).toBe('Last: 2001:db8::3fff:ffff:ffff:ffff');
  });

  it('PL-96: /8 to /32 is computed at once and refused by the 4096 cap', () => {
    const preview = splitPreview(planSubnet('big', '10.0.0.0/8'), 32);
    // At once: only the listed children are made, not 16 million.
    expect(preview.children).toHaveLength(PREVIEW_CHILDREN);
    expect(preview.summary).toBe('Current: /8 → New: /32 (16,777,216 subnets)');
    expect(preview.limit).toBe('A split can create at most 4096 subnets; this one would create 16777216.');
    expect(preview.children[0]).toEqual({ network: '10.0.0.0/32', last: 'Last: 10.0.0.0' });
  });

  it('PL-79: out-of-range CIDRs give the spec messages', () => {
    expect(splitPreview(planSubnet('x', '10.0.0.0/24'), 24).error).toBe(
      'New CIDR must be larger than current CIDR',
    );
    expect(splitPreview(planSubnet('x', '10.0.0.0/24'), 33).error).toBe('New CIDR cannot be larger than 32');
    expect(splitPreview(planSubnet('x', '2001:db8::/64'), 129).error).toBe(
      'New CIDR cannot be larger than 128',
    );
  });
});
