import type { PlanSubnet } from '@ipam/core/api/plan';
import { ipViewPath } from '../../../config/ip-view-url.js';

export interface SubnetHandlers {
  /** Whether Edit, Split and Delete are offered (not to viewers and limited editors: plans are account-wide). */
  canChange: boolean;
  /** Whether 'Create subnet from this' is offered (editors, limited ones too: the IPAM form checks groups). */
  canCreateSubnets: boolean;
  onSelect: (subnetId: string) => void;
  onEdit: (subnetId: string) => void;
  onDelete: (subnetId: string) => void;
  onSplit: (subnetId: string) => void;
}

/** `/ips?create=ipv4&cidr=10.0.0.0/24`: the Create Subnet dialog prefilled, as from the calculators (PL-114). */
export function createSubnetLink(subnet: PlanSubnet): string {
  return ipViewPath({
    create: subnet.ipVersion === 'IPv4' ? 'ipv4' : 'ipv6',
    cidr: `${subnet.networkAddress}/${subnet.cidr}`,
  });
}
