import type { Subnet } from '@ipam/core/api/ipam';
import type { SubnetRecord } from './subnet-repository.js';

/** A subnet as the API shows it (core's response type). */
export type SubnetView = Subnet;

/** Presents a subnet (also what the audit log keeps as before/after). */
export function subnetView(subnet: SubnetRecord): SubnetView {
  const { prefix } = subnet;
  const fields = {
    id: subnet.id,
    name: subnet.name,
    vlanId: subnet.vlanId,
    description: subnet.description,
    groupId: subnet.groupId,
    networkIP: subnet.networkIP,
    scanningType: subnet.scanningType,
    scanFrequency: subnet.scanFrequency,
    lastScanned: subnet.lastScanned,
    scanNow: subnet.scanNow,
    updatedDate: subnet.updatedDate,
    updatedBy: subnet.updatedBy,
    vrfId: subnet.vrfId,
    kind: subnet.kind,
    parentId: subnet.parentId,
    staleAfterDays: subnet.staleAfterDays,
  };
  return prefix.version === 4
    ? { ...fields, version: 4, bits: prefix.length }
    : { ...fields, version: 6, prefixLength: prefix.length };
}
