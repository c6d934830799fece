import { describe, expect, it } from 'vitest';
import { compareDnsRecords, type DnsRecordIn } from './dns-compare.js';

const a = (name: string, value: string): DnsRecordIn => ({ zone: 'example.test', type: 'A', name, value });
const ptr = (name: string, value: string): DnsRecordIn => ({
  zone: '2.0.192.in-addr.arpa',
  type: 'PTR',
  name,
  value,
});
const all = () => true;

describe('compareDnsRecords', () => {
  it('finds nothing when DNS holds what the IPAM expects', () => {
    expect(
      compareDnsRecords([a('w.example.test', '192.0.2.1')], [a('w.example.test', '192.0.2.1')], all),
    ).toEqual([]);
  });

  it('calls an expected record DNS lacks missing', () => {
    const [d] = compareDnsRecords([a('w.example.test', '192.0.2.1')], [], all);
    expect(d).toMatchObject({ kind: 'missing', ipamValue: '192.0.2.1', dnsValue: null });
  });

  it('calls a name that points elsewhere different', () => {
    const [d] = compareDnsRecords(
      [ptr('1.2.0.192.in-addr.arpa', 'w.example.test')],
      [ptr('1.2.0.192.in-addr.arpa', 'x.example.test.')],
      all,
    );
    expect(d).toMatchObject({ kind: 'different', ipamValue: 'w.example.test', dnsValue: 'x.example.test' });
  });

  it('calls an in-scope record the IPAM does not know extra, and ignores out-of-scope ones', () => {
    const dns = [a('made.example.test', '192.0.2.9'), a('other.example.test', '198.51.100.1')];
    const found = compareDnsRecords([], dns, (r) => r.value.startsWith('192.0.2.'));
    expect(found).toEqual([
      expect.objectContaining({ kind: 'extra', name: 'made.example.test', dnsValue: '192.0.2.9' }),
    ]);
  });

  it('compares IPv6 values in canonical form', () => {
    const want = {
      zone: 'example.test',
      type: 'AAAA' as const,
      name: 'v6.example.test',
      value: '2001:db8::1',
    };
    expect(compareDnsRecords([want], [{ ...want, value: '2001:0db8:0:0::1' }], all)).toEqual([]);
  });
});
