import { describe, expect, it } from 'vitest';
import { parseIpNeighbour, parseProcArp, readNeighbours } from './neighbours.js';
import { detectTools } from './tools.js';

describe('parseIpNeighbour', () => {
  it('reads address, MAC, and whether the kernel confirmed the host just now or found nobody', () => {
    const text = [
      '192.0.2.1 dev eth0 lladdr 02:FC:00:00:00:05 STALE',
      '192.0.2.7 dev eth0 lladdr 02:fc:00:00:00:07 REACHABLE',
      '192.0.2.8 dev eth0  INCOMPLETE',
      '2001:db8:0::9 dev eth0 lladdr 02:fc:00:00:00:09 router DELAY',
      'fe80::1%eth0 dev eth0 lladdr 02:fc:00:00:00:01 router PROBE',
      'fd00::1 dev eth0 FAILED',
      'not an address dev eth0',
      '',
    ].join('\n');
    expect(parseIpNeighbour(text)).toEqual([
      { address: '192.0.2.1', mac: '02:fc:00:00:00:05', isFresh: false, isAbsent: false },
      { address: '192.0.2.7', mac: '02:fc:00:00:00:07', isFresh: true, isAbsent: false },
      { address: '192.0.2.8', mac: null, isFresh: false, isAbsent: true },
      { address: '2001:db8::9', mac: '02:fc:00:00:00:09', isFresh: true, isAbsent: false },
      { address: 'fe80::1', mac: '02:fc:00:00:00:01', isFresh: true, isAbsent: false },
      { address: 'fd00::1', mac: null, isFresh: false, isAbsent: true },
    ]);
  });
});

describe('parseProcArp', () => {
  it('keeps complete entries, whose MAC it gives without claiming the host is up', () => {
    const text = [
      'IP address       HW type     Flags       HW address            Mask     Device',
      '192.0.2.1        0x1         0x2         02:fc:00:00:00:05     *        eth0',
      '192.0.2.2        0x1         0x0         00:00:00:00:00:00     *        eth0',
      '192.0.2.3        0x1         0x6         02:fc:00:00:00:03     *        eth0',
    ].join('\n');
    expect(parseProcArp(text)).toEqual([
      { address: '192.0.2.1', mac: '02:fc:00:00:00:05', isFresh: false, isAbsent: false },
      { address: '192.0.2.3', mac: '02:fc:00:00:00:03', isFresh: false, isAbsent: false },
    ]);
  });
});

describe('readNeighbours', () => {
  it("reads this machine's table (ip neigh, else /proc/net/arp) into canonical entries", async () => {
    for (const tools of [detectTools(), { ip: null }]) {
      const neighbours = await readNeighbours(tools);
      expect(Array.isArray(neighbours)).toBe(true);
      for (const entry of neighbours) {
        expect(entry.address).not.toContain('%');
        expect(entry.mac === null || /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/.test(entry.mac)).toBe(true);
      }
    }
  });
});
