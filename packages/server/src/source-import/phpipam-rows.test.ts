import { describe, expect, it } from 'vitest';
import { recordedData } from '../../test/phpipam-recordings.js';
import { toSourceAddress } from './phpipam-addresses.js';
import { capped, cidrOf, customFieldLines, idOf, ipText, tagsById, type PhpipamRow } from './phpipam-rows.js';
import type { SourceSubnet } from './source-model.js';

const subnet = (cidr: string): SourceSubnet => ({
  key: '9',
  vrfKey: null,
  groupKey: null,
  cidr,
  isContainer: false,
  name: cidr,
  description: '',
  vlan: null,
  scanned: false,
  label: 'phpIPAM subnet 9',
});
const context = {
  tags: tagsById(recordedData('addresses_tags.json') as PhpipamRow[]),
  fieldDefaults: new Map(),
};

describe('phpIPAM values', () => {
  it('reads ids given as numbers or strings, and 0 or null as none', () => {
    expect(idOf(9)).toBe('9');
    expect(idOf('9')).toBe('9');
    expect(idOf(0)).toBeNull();
    expect(idOf('0')).toBeNull();
    expect(idOf(null)).toBeNull();
  });

  it('reads decimal IPs in the family of their subnet', () => {
    expect(ipText('167840266', false)).toBe('10.1.10.10');
    expect(ipText('42540766411592078161873235199731433488', true)).toBe('2001:db8:100:10::10');
    expect(ipText('1', true)).toBe('::1');
    expect(ipText('1', false)).toBe('0.0.0.1');
    expect(ipText('10.1.10.10', false)).toBe('10.1.10.10');
  });

  it('reads the decimal subnets of a global search as CIDRs', () => {
    const search = recordedData('search_192.168.1.10.json') as { subnets: { data: PhpipamRow[] } };
    expect(search.subnets.data.map(cidrOf)).toEqual(['192.168.1.0/24', '192.168.1.0/24']);
    expect(cidrOf({ subnet: '42540766411592078161873235199731433472', mask: '64' })).toBe(
      '2001:db8:100:10::/64',
    );
  });

  it('reads a recorded answer mixing dotted and decimal IPs (phpIPAM cache bug) as dotted IPs', () => {
    const rows = recordedData('addresses_tags_1_addresses.json') as PhpipamRow[];
    expect(rows.filter((row) => /^[0-9]+$/.test(String(row.ip))).length).toBe(130);
    const ips = rows.map((row) => toSourceAddress(row, subnet('10.0.0.0/8'), context).ip);
    expect(ips.every((ip) => /^(10|172)\.(1|16)\.\d+\.\d+$/.test(ip))).toBe(true);
    expect(ips).toContain('172.16.9.9');
    expect(new Set(ips).size).toBe(131);
  });

  it('cuts long text with an ellipsis, never inside a surrogate pair', () => {
    expect(capped('abcdef', 4)).toBe('abc…');
    expect(capped('ab😀cd', 4)).toBe('ab…');
    expect(capped('abc', 3)).toBe('abc');
  });

  it('maps the built-in tags by name and an added tag to In Use with its name kept', () => {
    expect(Object.fromEntries(context.tags)).toEqual({
      '1': { status: 'Available', addedName: null },
      '2': { status: 'In Use', addedName: null },
      '3': { status: 'Reserved', addedName: null },
      '4': { status: 'Reserved', addedName: null },
      '5': { status: 'In Use', addedName: 'Decommissioned' },
    });
  });

  it('reads custom fields flat or nested, leaving out empty ones and ones at their default', () => {
    const defaults = new Map([['custom_Monitored', '0']]);
    expect(
      customFieldLines({ custom_CostCenter: 'CC-1', custom_Monitored: 0, custom_X: null }, defaults),
    ).toEqual(['CostCenter: CC-1']);
    expect(
      customFieldLines(
        { custom_X: null, custom_fields: { custom_CostCenter: 'CC-1', custom_Monitored: '1' } },
        defaults,
      ),
    ).toEqual(['CostCenter: CC-1', 'Monitored: 1']);
  });
});
