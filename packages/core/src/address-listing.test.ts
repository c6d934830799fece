import { describe, expect, it } from 'vitest';
import { parseCidr } from './cidr.js';
import { parseAddress } from './ip-address.js';
import {
  hostAddressProblem,
  isListedAddress,
  listedAddresses,
  usedPercent,
  usedPercentText,
} from './address-listing.js';
import { usableHostCount, type Prefix } from './prefix.js';

const cidr = (text: string): Prefix => {
  const prefix = parseCidr(text);
  if (prefix === null) throw new Error(`bad test prefix ${text}`);
  return prefix;
};
const address = (text: string): bigint => {
  const parsed = parseAddress(text);
  if (parsed === null) throw new Error(`bad test address ${text}`);
  return parsed.value;
};

describe('listedAddresses', () => {
  it('lists .1 to .254 of an IPv4 /24', () => {
    expect(listedAddresses(cidr('192.168.1.0/24'))).toEqual({
      first: address('192.168.1.1'),
      last: address('192.168.1.254'),
      count: 254n,
    });
  });

  it('lists both addresses of a /31', () => {
    expect(listedAddresses(cidr('10.0.0.4/31'))).toEqual({
      first: address('10.0.0.4'),
      last: address('10.0.0.5'),
      count: 2n,
    });
  });

  it('lists the single address of a /32', () => {
    expect(listedAddresses(cidr('10.0.0.9/32')).count).toBe(1n);
  });

  it('lists the two middle addresses of a /30', () => {
    expect(listedAddresses(cidr('10.0.0.0/30')).count).toBe(2n);
  });

  it('lists 16,777,214 addresses of a /8', () => {
    expect(listedAddresses(cidr('10.0.0.0/8')).count).toBe(16777214n);
  });

  it('lists every address of an IPv6 /120, the first one included', () => {
    expect(listedAddresses(cidr('2001:db8::/120'))).toEqual({
      first: address('2001:db8::'),
      last: address('2001:db8::ff'),
      count: 256n,
    });
  });

  it('agrees with the usable host count on every IPv4 and IPv6 length', () => {
    const lengths = (max: number) => Array.from({ length: max + 1 }, (_, i) => i);
    const mismatches = [
      ...lengths(32).filter(
        (n) => listedAddresses({ version: 4, network: 0n, length: n }).count !== usableHostCount(4, n),
      ),
      ...lengths(128).filter(
        (n) => listedAddresses({ version: 6, network: 0n, length: n }).count !== usableHostCount(6, n),
      ),
    ];
    expect(mismatches).toEqual([]);
  });
});

describe('isListedAddress', () => {
  it('leaves out the network address of an IPv4 /24', () => {
    expect(isListedAddress(cidr('192.168.1.0/24'), address('192.168.1.0'))).toBe(false);
  });

  it('leaves out the broadcast address of an IPv4 /24', () => {
    expect(isListedAddress(cidr('192.168.1.0/24'), address('192.168.1.255'))).toBe(false);
  });

  it('lists a host address of an IPv4 /24', () => {
    expect(isListedAddress(cidr('192.168.1.0/24'), address('192.168.1.7'))).toBe(true);
  });

  it('lists the lower address of a /31', () => {
    expect(isListedAddress(cidr('10.0.0.4/31'), address('10.0.0.4'))).toBe(true);
  });

  it('lists the IPv6 subnet-router address', () => {
    expect(isListedAddress(cidr('2001:db8::/64'), address('2001:db8::'))).toBe(true);
  });

  it('refuses an address outside the subnet', () => {
    expect(isListedAddress(cidr('192.168.1.0/24'), address('192.168.2.1'))).toBe(false);
  });
});

describe('usedPercent', () => {
  it('rounds 1 of 254 to 0%', () => {
    expect(usedPercent(1n, 254n)).toBe(0);
  });

  it('rounds 2 of 254 to 1%', () => {
    expect(usedPercent(2n, 254n)).toBe(1);
  });

  it('rounds a half up: 1 of 8 is 13%', () => {
    expect(usedPercent(1n, 8n)).toBe(13);
  });

  it('gives 100% when all are used', () => {
    expect(usedPercent(254n, 254n)).toBe(100);
  });

  it('caps at 100% when more are counted than listed', () => {
    expect(usedPercent(300n, 254n)).toBe(100);
  });

  it('takes plain numbers from a database count', () => {
    expect(usedPercent(127, 254)).toBe(50);
  });

  it('gives 0% for a subnet that lists nothing', () => {
    expect(usedPercent(0n, 0n)).toBe(0);
  });

  it('stays exact on an IPv6 /64', () => {
    expect(usedPercent(1n << 63n, 1n << 64n)).toBe(50);
  });
});

describe('hostAddressProblem', () => {
  const lan = cidr('192.168.1.0/24');

  it('accepts a host address of the subnet', () => {
    expect(hostAddressProblem(lan, address('192.168.1.7'))).toBeNull();
  });

  it('names the network address of an IPv4 subnet', () => {
    expect(hostAddressProblem(lan, address('192.168.1.0'))).toBe('network');
  });

  it('names the broadcast address of an IPv4 subnet', () => {
    expect(hostAddressProblem(lan, address('192.168.1.255'))).toBe('broadcast');
  });

  it('names an address outside the subnet', () => {
    expect(hostAddressProblem(lan, address('192.168.2.1'))).toBe('outside');
    expect(hostAddressProblem(lan, address('192.168.0.255'))).toBe('outside');
  });

  it('accepts both ends of a /31 and the single address of a /32 (RFC 3021)', () => {
    expect(hostAddressProblem(cidr('10.0.0.4/31'), address('10.0.0.4'))).toBeNull();
    expect(hostAddressProblem(cidr('10.0.0.4/31'), address('10.0.0.5'))).toBeNull();
    expect(hostAddressProblem(cidr('10.0.0.9/32'), address('10.0.0.9'))).toBeNull();
  });

  it('accepts the first and last address of an IPv6 subnet', () => {
    expect(hostAddressProblem(cidr('2001:db8::/120'), address('2001:db8::'))).toBeNull();
    expect(hostAddressProblem(cidr('2001:db8::/120'), address('2001:db8::ff'))).toBeNull();
    expect(hostAddressProblem(cidr('2001:db8::/120'), address('2001:db8::100'))).toBe('outside');
  });
});

describe('usedPercentText', () => {
  it('says <1% for some use that rounds to 0 %, and the number otherwise', () => {
    expect(usedPercentText(usedPercent(1, 16_777_214), 1)).toBe('<1%');
    expect(usedPercentText(usedPercent(0, 254), 0)).toBe('0%');
    expect(usedPercentText(usedPercent(2, 254), 2)).toBe('1%');
    expect(usedPercentText(usedPercent(127, 254), 127n)).toBe('50%');
    expect(usedPercentText(usedPercent(254, 254), 254)).toBe('100%');
  });
});
