import type { Subnet } from '@ipam/core/api/ipam';
import type { Scanner } from '@ipam/core/api/scanner';
import { describe, expect, it } from 'vitest';
import {
  scannerFieldOf,
  scannerFormValuesOf,
  scannerSubnetLabels,
  subnetChoices,
} from './scanner-form-values.js';

function subnet(id: string, name: string, networkIP: string, bits: number): Subnet {
  return {
    id,
    name,
    vlanId: 1,
    description: '',
    groupId: 'g1',
    version: 4,
    networkIP,
    bits,
    scanningType: 'auto',
    scanFrequency: 24,
    lastScanned: null,
    scanNow: false,
    updatedDate: '2026-01-05T10:00:00.000Z',
    updatedBy: 'u1',
    vrfId: 'v1',
    kind: 'leaf',
    parentId: null,
    staleAfterDays: null,
  };
}

const office = subnet('s1', 'Office', '10.0.0.0', 24);
const lab = subnet('s2', 'Lab', '192.168.5.0', 28);

const scanner: Scanner = {
  id: 'sc1',
  name: 'Basement',
  description: 'Rack 2',
  subnets: ['s2', 'gone', 's1'],
  missingSubnets: ['gone'],
  blockScanning: true,
  keyPrefix: 'abcd',
  lastSeenAt: null,
  agentVersion: null,
  pollIntervalSeconds: 60,
  updatedDate: '2026-11-23T12:00:00.000Z',
  updatedBy: null,
};

describe('scannerSubnetLabels', () => {
  it('names each subnet with its CIDR, in the scanner’s order', () => {
    expect(scannerSubnetLabels({ subnets: ['s2', 's1'], missingSubnets: [] }, [office, lab])).toEqual([
      { id: 's2', label: 'Lab (192.168.5.0/28)', isRemoved: false },
      { id: 's1', label: 'Office (10.0.0.0/24)', isRemoved: false },
    ]);
  });

  it('shows a subnet the server reports missing as "(Removed)"', () => {
    expect(scannerSubnetLabels(scanner, [office, lab])[1]).toEqual({
      id: 'gone',
      label: '(Removed)',
      isRemoved: true,
    });
  });

  it('shows "(Removed)" for a subnet deleted since the scanners were read', () => {
    expect(scannerSubnetLabels({ subnets: ['s1'], missingSubnets: [] }, [lab])).toEqual([
      { id: 's1', label: '(Removed)', isRemoved: true },
    ]);
  });

  it('shows the id of a present subnet while the subnets are still loading', () => {
    expect(scannerSubnetLabels(scanner, undefined).map((entry) => entry.label)).toEqual([
      's2',
      '(Removed)',
      's1',
    ]);
  });
});

describe('subnetChoices', () => {
  it('offers every subnet of the account by name and CIDR', () => {
    expect(subnetChoices([office, lab], ['s1'])).toEqual([
      { value: 's1', label: 'Office (10.0.0.0/24)' },
      { value: 's2', label: 'Lab (192.168.5.0/28)' },
    ]);
  });

  it('leaves out containers (they hold no addresses) unless one is already picked', () => {
    const block: Subnet = { ...subnet('c1', 'Block', '10.0.0.0', 16), kind: 'container' };
    expect(subnetChoices([office, block], []).map((choice) => choice.value)).toEqual(['s1']);
    expect(subnetChoices([office, block], ['c1']).map((choice) => choice.value)).toEqual(['s1', 'c1']);
  });

  it('keeps a picked subnet that was deleted, as "(Removed)", so it can be taken out', () => {
    expect(subnetChoices([office], ['gone', 's1'])).toEqual([
      { value: 's1', label: 'Office (10.0.0.0/24)' },
      { value: 'gone', label: '(Removed)' },
    ]);
  });
});

describe('scannerFormValuesOf', () => {
  it('fills the edit form from the stored scanner', () => {
    expect(scannerFormValuesOf(scanner)).toEqual({
      name: 'Basement',
      description: 'Rack 2',
      subnets: ['s2', 'gone', 's1'],
      blockScanning: true,
    });
  });
});

describe('scannerFieldOf', () => {
  it('puts a message about one subnet of the list under Subnets', () => {
    expect(scannerFieldOf('subnets.3')).toBe('subnets');
  });

  it('puts a message under the field of the same name', () => {
    expect(scannerFieldOf('name')).toBe('name');
  });

  it('has no field for what the form does not show', () => {
    expect(scannerFieldOf('apiKey')).toBeNull();
  });
});
