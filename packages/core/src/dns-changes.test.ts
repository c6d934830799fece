import { describe, expect, it } from 'vitest';
import { dnsChangesFor } from './dns-changes.js';

const zones = { forwardZone: 'example.test', reverseZone: '2.0.192.in-addr.arpa' };
const zones6 = { forwardZone: 'example.test', reverseZone: '8.b.d.0.1.0.0.2.ip6.arpa' };
const PTR6 = '1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa';

describe('dnsChangesFor', () => {
  it('writes A and PTR for an address created with a hostname', () => {
    expect(dnsChangesFor(null, { ip: '192.0.2.10', hostname: 'web1' }, zones)).toEqual([
      { action: 'upsert', zone: 'example.test', type: 'A', name: 'web1.example.test', value: '192.0.2.10' },
      {
        action: 'upsert',
        zone: '2.0.192.in-addr.arpa',
        type: 'PTR',
        name: '10.2.0.192.in-addr.arpa',
        value: 'web1.example.test',
      },
    ]);
  });

  it('writes nothing for an address without a hostname', () => {
    expect(dnsChangesFor(null, { ip: '192.0.2.10', hostname: '' }, zones)).toEqual([]);
  });

  it('writes nothing when the hostname did not change', () => {
    expect(
      dnsChangesFor({ ip: '192.0.2.10', hostname: 'web1' }, { ip: '192.0.2.10', hostname: 'WEB1' }, zones),
    ).toEqual([]);
  });

  it('removes the old name and writes the new one on a rename, the PTR replaced', () => {
    expect(
      dnsChangesFor({ ip: '192.0.2.10', hostname: 'web1' }, { ip: '192.0.2.10', hostname: 'web2' }, zones),
    ).toEqual([
      { action: 'remove', zone: 'example.test', type: 'A', name: 'web1.example.test', value: '192.0.2.10' },
      {
        action: 'remove',
        zone: '2.0.192.in-addr.arpa',
        type: 'PTR',
        name: '10.2.0.192.in-addr.arpa',
        value: 'web1.example.test',
      },
      { action: 'upsert', zone: 'example.test', type: 'A', name: 'web2.example.test', value: '192.0.2.10' },
      {
        action: 'upsert',
        zone: '2.0.192.in-addr.arpa',
        type: 'PTR',
        name: '10.2.0.192.in-addr.arpa',
        value: 'web2.example.test',
      },
    ]);
  });

  it('removes both records when the address is deleted or loses its hostname', () => {
    const removed = dnsChangesFor({ ip: '192.0.2.10', hostname: 'web1' }, null, zones);
    expect(removed.map((op) => `${op.action} ${op.type}`)).toEqual(['remove A', 'remove PTR']);
    expect(
      dnsChangesFor({ ip: '192.0.2.10', hostname: 'web1' }, { ip: '192.0.2.10', hostname: '' }, zones),
    ).toEqual(removed);
  });

  it('writes AAAA and an ip6.arpa PTR for IPv6', () => {
    expect(dnsChangesFor(null, { ip: '2001:db8::1', hostname: 'v6' }, zones6)).toEqual([
      { action: 'upsert', zone: 'example.test', type: 'AAAA', name: 'v6.example.test', value: '2001:db8::1' },
      {
        action: 'upsert',
        zone: '8.b.d.0.1.0.0.2.ip6.arpa',
        type: 'PTR',
        name: PTR6,
        value: 'v6.example.test',
      },
    ]);
  });

  it('keeps a full name inside the zone and writes only the PTR of a name outside it', () => {
    expect(dnsChangesFor(null, { ip: '192.0.2.10', hostname: 'db.example.test' }, zones)[0]?.name).toBe(
      'db.example.test',
    );
    expect(dnsChangesFor(null, { ip: '192.0.2.10', hostname: 'db.other.org' }, zones)).toEqual([
      {
        action: 'upsert',
        zone: '2.0.192.in-addr.arpa',
        type: 'PTR',
        name: '10.2.0.192.in-addr.arpa',
        value: 'db.other.org',
      },
    ]);
  });

  it('leaves out a PTR whose address is outside the reverse zone', () => {
    expect(dnsChangesFor(null, { ip: '198.51.100.1', hostname: 'x' }, zones).map((op) => op.type)).toEqual([
      'A',
    ]);
  });
});
