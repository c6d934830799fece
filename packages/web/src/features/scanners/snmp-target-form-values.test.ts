import { describe, expect, it } from 'vitest';
import { newSnmpTargetRow, snmpTargetRowsOf, snmpTargetsBodyOf } from './snmp-target-form-values.js';

describe('SNMP target form values', () => {
  it('loads stored targets without secrets and sends an empty secret as "keep the stored one"', () => {
    const rows = snmpTargetRowsOf([
      {
        id: 't1',
        host: '192.0.2.1',
        port: 161,
        version: '2c',
        user: null,
        authProtocol: null,
        privProtocol: null,
        timeoutMs: 3000,
        retries: 1,
        communitySet: true,
        authPasswordSet: false,
        privPasswordSet: false,
      },
      {
        id: 't2',
        host: 'core-sw.example.net',
        port: 1161,
        version: '3',
        user: 'ipam',
        authProtocol: 'sha',
        privProtocol: 'aes',
        timeoutMs: 5000,
        retries: 0,
        communitySet: false,
        authPasswordSet: true,
        privPasswordSet: true,
      },
    ]);
    expect(rows.map((row) => [row.community, row.authPassword, row.privPassword])).toEqual([
      ['', '', ''],
      ['', '', ''],
    ]);
    expect(rows[0]?.stored).toEqual({ community: true, authPassword: false, privPassword: false });
    const second = rows[1];
    if (second) second.privPassword = 'new-privacy-pass';
    expect(snmpTargetsBodyOf(rows)).toEqual({
      targets: [
        {
          id: 't1',
          host: '192.0.2.1',
          port: 161,
          version: '2c',
          community: undefined,
          timeoutMs: 3000,
          retries: 1,
        },
        {
          id: 't2',
          host: 'core-sw.example.net',
          port: 1161,
          version: '3',
          user: 'ipam',
          authProtocol: 'sha',
          authPassword: undefined,
          privProtocol: 'aes',
          privPassword: 'new-privacy-pass',
          timeoutMs: 5000,
          retries: 0,
        },
      ],
    });
  });

  it('sends a new target without an id, trimmed, with numbers as numbers', () => {
    const row = { ...newSnmpTargetRow(), host: ' 198.51.100.1 ', port: '1161', community: 'c0mm' };
    expect(snmpTargetsBodyOf([row])).toEqual({
      targets: [
        { host: '198.51.100.1', port: 1161, version: '2c', community: 'c0mm', timeoutMs: 3000, retries: 1 },
      ],
    });
  });
});
