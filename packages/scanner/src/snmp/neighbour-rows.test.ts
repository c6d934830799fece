import { describe, expect, it } from 'vitest';
import {
  mediaIndexAddress,
  mediaTableSightings,
  physicalIndexAddress,
  physicalTableSightings,
  readPhysAddress,
} from './neighbour-rows.js';

const mac = (hex: string) => Buffer.from(hex.replace(/:/g, ''), 'hex');

describe('physicalIndexAddress', () => {
  it('reads ifIndex.type.length.address for IPv4, IPv6 and their zoned forms', () => {
    expect(physicalIndexAddress('3.1.4.192.0.2.7')).toBe('192.0.2.7');
    expect(physicalIndexAddress('3.2.16.32.1.13.184.0.0.0.0.0.0.0.0.0.0.0.7')).toBe('2001:db8::7');
    expect(physicalIndexAddress('3.3.8.192.0.2.7.0.0.0.3')).toBe('192.0.2.7');
    expect(physicalIndexAddress('3.4.20.254.128.0.0.0.0.0.0.0.0.0.0.0.0.0.1.0.0.0.3')).toBe('fe80::1');
  });

  it('refuses what names no address', () => {
    expect(physicalIndexAddress('3.1.192.0.2.7')).toBeNull();
    expect(physicalIndexAddress('3.16.4.192.0.2.7')).toBeNull(); // dns(16)
    expect(physicalIndexAddress('3.1.4.192.0.2')).toBeNull();
    expect(physicalIndexAddress('3.1.4.192.0.2.300')).toBeNull();
    expect(physicalIndexAddress('')).toBeNull();
  });
});

describe('mediaIndexAddress', () => {
  it('reads ifIndex.a.b.c.d', () => {
    expect(mediaIndexAddress('12.198.51.100.4')).toBe('198.51.100.4');
    expect(mediaIndexAddress('12.198.51.100')).toBeNull();
  });
});

describe('readPhysAddress', () => {
  it('gives six bytes as a canonical MAC and no host for empty, zero or group addresses', () => {
    expect(readPhysAddress(mac('02:AB:00:00:00:0F'))).toEqual({ kind: 'mac', mac: '02:ab:00:00:00:0f' });
    expect(readPhysAddress(Buffer.alloc(0))).toEqual({ kind: 'none' });
    expect(readPhysAddress(Buffer.alloc(6))).toEqual({ kind: 'none' });
    expect(readPhysAddress(mac('ff:ff:ff:ff:ff:ff'))).toEqual({ kind: 'none' });
    expect(readPhysAddress(mac('01:00:5e:00:00:16'))).toEqual({ kind: 'none' });
    expect(readPhysAddress(mac('33:33:00:00:00:01'))).toEqual({ kind: 'none' });
    expect(readPhysAddress('02:ab:00:00:00:0f')).toEqual({ kind: 'none' });
  });

  it('keeps a host whose hardware address is no MAC, without a MAC', () => {
    expect(readPhysAddress(mac('02:00:00:00:00:00:00:01'))).toEqual({ kind: 'mac', mac: null });
  });
});

describe('physicalTableSightings', () => {
  it('keeps live entries, drops invalid and incomplete ones, and one row per address', () => {
    const physAddress = new Map<string, unknown>([
      ['3.1.4.192.0.2.1', mac('02:00:00:00:00:01')], // reachable
      ['3.1.4.192.0.2.2', mac('02:00:00:00:00:02')], // stale
      ['3.1.4.192.0.2.3', mac('02:00:00:00:00:03')], // type invalid
      ['3.1.4.192.0.2.4', Buffer.alloc(0)], // incomplete, no address
      ['3.1.4.192.0.2.5', mac('02:00:00:00:00:05')], // state invalid
      ['3.1.4.192.0.2.6', mac('02:00:00:00:00:06')], // no type nor state column
      ['4.1.4.192.0.2.1', mac('02:00:00:00:00:99')], // the same address on another interface
      ['3.2.16.32.1.13.184.0.0.0.0.0.0.0.0.0.0.0.7', mac('02:00:00:00:00:07')], // delay
    ]);
    const type = new Map<string, unknown>([
      ['3.1.4.192.0.2.1', 3],
      ['3.1.4.192.0.2.2', 3],
      ['3.1.4.192.0.2.3', 2],
      ['3.1.4.192.0.2.4', 3],
      ['3.1.4.192.0.2.5', 3],
      ['4.1.4.192.0.2.1', 4],
      ['3.2.16.32.1.13.184.0.0.0.0.0.0.0.0.0.0.0.7', 3],
    ]);
    const state = new Map<string, unknown>([
      ['3.1.4.192.0.2.1', 1],
      ['3.1.4.192.0.2.2', 2],
      ['3.1.4.192.0.2.3', 1],
      ['3.1.4.192.0.2.4', 7],
      ['3.1.4.192.0.2.5', 5],
      ['4.1.4.192.0.2.1', 1],
      ['3.2.16.32.1.13.184.0.0.0.0.0.0.0.0.0.0.0.7', 3],
    ]);
    const sighting = (address: string, hardware: string) => ({
      address,
      mac: hardware,
      hostname: null,
      method: 'snmp',
    });
    expect(physicalTableSightings({ physAddress, type, state })).toEqual([
      sighting('192.0.2.1', '02:00:00:00:00:01'),
      sighting('192.0.2.2', '02:00:00:00:00:02'),
      sighting('192.0.2.6', '02:00:00:00:00:06'),
      sighting('2001:db8::7', '02:00:00:00:00:07'),
    ]);
  });
});

describe('mediaTableSightings', () => {
  it('keeps entries whose type is not invalid', () => {
    const physAddress = new Map<string, unknown>([
      ['2.192.0.2.1', mac('02:00:00:00:00:01')],
      ['2.192.0.2.2', mac('02:00:00:00:00:02')],
    ]);
    const type = new Map<string, unknown>([
      ['2.192.0.2.1', 3],
      ['2.192.0.2.2', 2],
    ]);
    expect(mediaTableSightings({ physAddress, type })).toEqual([
      { address: '192.0.2.1', mac: '02:00:00:00:00:01', hostname: null, method: 'snmp' },
    ]);
  });
});
