import type { SubnetRecord } from './subnet-repository.js';

/** A subnet as the API shows it: the spec's fields, with `bits` (IPv4) or `prefixLength` (IPv6). */
export interface SubnetView {
  id: string;
  name: string;
  vlanId: number;
  description: string;
  groupId: string;
  version: 4 | 6;
  networkIP: string;
  bits?: number;
  prefixLength?: number;
  scanningType: SubnetRecord['scanningType'];
  scanFrequency: number | null;
  lastScanned: string | null;
  scanNow: boolean;
  updatedDate: string;
  updatedBy: string | null;
}

/** Presents a subnet (also what the audit log keeps as before/after). */
export function subnetView(subnet: SubnetRecord): SubnetView {
  const { prefix } = subnet;
  return {
    id: subnet.id,
    name: subnet.name,
    vlanId: subnet.vlanId,
    description: subnet.description,
    groupId: subnet.groupId,
    version: prefix.version,
    networkIP: subnet.networkIP,
    ...(prefix.version === 4 ? { bits: prefix.length } : { prefixLength: prefix.length }),
    scanningType: subnet.scanningType,
    scanFrequency: subnet.scanFrequency,
    lastScanned: subnet.lastScanned,
    scanNow: subnet.scanNow,
    updatedDate: subnet.updatedDate,
    updatedBy: subnet.updatedBy,
  };
}
