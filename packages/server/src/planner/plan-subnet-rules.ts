import { formatPrefix } from '@ipam/core/cidr';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { planSubnetPrefix } from '@ipam/core/plan-subnet-details';
import { prefixLast } from '@ipam/core/prefix';
import { planSubnetSchema, type PlanSubnetInput } from '@ipam/core/schemas/plan-schemas';
import { DomainError } from '../errors/domain-error.js';
import type { PlanSubnetRecord } from './plan-subnet-repository.js';

/** The fields of a subnet as a client writes them (no ids, no dates). */
export type PlanSubnetFields = Omit<PlanSubnetInput, 'expectedVersion'>;

/** Checks merged subnet fields with core's schema (PL-12), as a 400 with `fields` when they fail. */
export function parsePlanSubnet(fields: unknown): PlanSubnetFields {
  const result = planSubnetSchema.safeParse(fields);
  if (result.success) {
    const { expectedVersion: _ignored, ...parsed } = result.data;
    return parsed;
  }
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (key !== '' && !(key in byField)) byField[key] = issue.message;
  }
  throw new DomainError(
    'validation_failed',
    result.error.issues[0]?.message ?? messages.invalidRequest,
    byField,
  );
}

/**
 * PL-12 (S26, S27): the network address must be the start of its prefix (stored canonically), and a
 * parent must exist in the plan, be the same version and strictly contain the subnet, so a parent
 * chain always shrinks and can never loop. Returns the canonical network address.
 */
export function checkPlacement(
  fields: Pick<PlanSubnetFields, 'ipVersion' | 'networkAddress' | 'cidr' | 'parentSubnetId'>,
  subnets: readonly PlanSubnetRecord[],
): string {
  const prefix = planSubnetPrefix(fields);
  const canonical = formatAddress(prefix.version, prefix.network);
  if (parseAddress(fields.networkAddress)?.value !== prefix.network) {
    const message = messages.networkNotPrefixStart(formatPrefix(prefix));
    throw new DomainError('validation_failed', message, { networkAddress: message });
  }
  if (fields.parentSubnetId !== null) {
    const parent = subnets.find((subnet) => subnet.id === fields.parentSubnetId);
    if (!parent)
      throw new DomainError('not_found', messages.subnetNotFound, {
        parentSubnetId: messages.subnetNotFound,
      });
    const outer = planSubnetPrefix(parent);
    const isInside =
      outer.version === prefix.version &&
      outer.length < prefix.length &&
      prefix.network >= outer.network &&
      prefixLast(prefix) <= prefixLast(outer);
    if (!isInside) {
      const message = messages.childOutsideParent(formatPrefix(outer));
      throw new DomainError('validation_failed', message, { parentSubnetId: message });
    }
  }
  return canonical;
}

/**
 * PL-13: whether a change puts the subnet on another prefix (version, address or length). It reads
 * the merged fields before they are checked, so a subnet with children answers its 409 first, even
 * when its reserved addresses would fall outside the new prefix.
 */
export function movesPrefix(
  before: Pick<PlanSubnetRecord, 'ipVersion' | 'networkAddress' | 'cidr'>,
  after: Pick<PlanSubnetFields, 'ipVersion' | 'networkAddress' | 'cidr'>,
): boolean {
  if (after.ipVersion !== before.ipVersion || after.cidr !== before.cidr) return true;
  const address = parseAddress(after.networkAddress);
  return address === null || address.value !== parseAddress(before.networkAddress)?.value;
}

/** PL-12: status subdivided comes only from a split. */
export function refuseSubdividedByHand(status: PlanSubnetFields['status']): void {
  if (status === 'subdivided') {
    throw new DomainError('validation_failed', messages.subdividedByHand, {
      status: messages.subdividedByHand,
    });
  }
}

/** The subnet's stored fields that a client wrote, for history and audit values. */
export function subnetValues(subnet: PlanSubnetRecord): PlanSubnetFields {
  return {
    name: subnet.name,
    description: subnet.description,
    ipVersion: subnet.ipVersion,
    networkAddress: subnet.networkAddress,
    cidr: subnet.cidr,
    vlan: subnet.vlan,
    reservedAddresses: subnet.reservedAddresses,
    parentSubnetId: subnet.parentSubnetId,
    planning: subnet.planning,
    status: subnet.status,
  };
}
