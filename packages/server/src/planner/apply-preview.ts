import type { PlanApply } from '@ipam/core/api/plan';
import { formatPrefix } from '@ipam/core/cidr';
import { messages } from '@ipam/core/messages';
import { planSubnetPrefix } from '@ipam/core/plan-subnet-details';
import { planTree } from '@ipam/core/plan-tree';
import type { Prefix } from '@ipam/core/prefix';
import type { SubnetKind } from '@ipam/core/schemas/subnet-schemas';
import { PlacedSubnetIndex } from '@ipam/core/placed-subnet-index';
import { placementConflict, type PlacedSubnet } from '@ipam/core/subnet-placement';
import type { AccountRecord } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { countSubnets, listSubnets } from '../subnets/subnet-repository.js';
import { subnetPrefix } from '../subnets/subnet-rules.js';
import type { PlanSubnetRecord } from './plan-subnet-repository.js';
import { planSubnetView } from './plan-view.js';

/** One previewed item with the prefix it would create. */
export type ApplyItem = PlanApply['items'][number] & {
  prefix: Prefix;
  subnet: PlanSubnetRecord;
  /** A plan subnet with children becomes a container, so the plan's hierarchy is kept (issue 30). */
  kind: SubnetKind;
};

/**
 * PL-138: the plan subnets to apply — the chosen ones (an unknown id is a 404), or by default every
 * active or planned leaf — in tree order. None is a 400.
 */
export function chooseSubnets(
  subnets: readonly PlanSubnetRecord[],
  subnetIds: readonly string[] | undefined,
): PlanSubnetRecord[] {
  const { order, childIds } = planTree(subnets);
  let chosen: PlanSubnetRecord[];
  if (subnetIds === undefined) {
    chosen = order.filter((s) => (s.status === 'active' || s.status === 'planned') && !childIds.has(s.id));
  } else {
    const wanted = new Set(subnetIds);
    for (const id of wanted) {
      if (!subnets.some((subnet) => subnet.id === id))
        throw new DomainError('not_found', messages.subnetNotFound);
    }
    chosen = order.filter((subnet) => wanted.has(subnet.id));
  }
  if (chosen.length === 0) {
    throw new DomainError('validation_failed', messages.applyNothingSelected, {
      subnetIds: messages.applyNothingSelected,
    });
  }
  return chosen;
}

/**
 * PL-138: what applying each plan subnet would do in the VRF, under the rules of a hand-made subnet:
 * its errors, the tier's prefixes, an existing IPAM subnet (the same network: exists; a placement the
 * nesting rule forbids: refused), another chosen subnet it collides with, and the account's
 * maxnetworks. A plan subnet with children (`parentIds`) becomes a container. The VRF's subnets are
 * read once and looked up by prefix, so the preview grows linearly with the plan and the VRF (a 10,000
 * subnet plan: ~40 s before, issue 36; bench/planner.md).
 */
export async function previewApply(
  db: Db,
  account: AccountRecord,
  chosen: readonly PlanSubnetRecord[],
  placement: { vrfId: string; parentIds: ReadonlySet<string> },
): Promise<ApplyItem[]> {
  let count = await countSubnets(db, account.id);
  const existing = new PlacedSubnetIndex(await listSubnets(db, account.id, { vrfId: placement.vrfId }));
  const creating = new PlacedSubnetIndex<ApplyItem & PlacedSubnet>();
  const items: ApplyItem[] = [];
  for (const subnet of chosen) {
    const prefix = planSubnetPrefix(subnet);
    const base = {
      planSubnetId: subnet.id,
      name: subnet.name,
      network: formatPrefix(prefix),
      ipVersion: subnet.ipVersion,
      subnetId: null,
      prefix,
      subnet,
      kind: placement.parentIds.has(subnet.id) ? ('container' as const) : ('leaf' as const),
    };
    const item = (): ApplyItem => {
      if (!planSubnetView(subnet, 0, []).validationResults.isValid) {
        return { ...base, outcome: 'invalid', message: messages.applyInvalid };
      }
      try {
        subnetPrefix(account, prefix.version, subnet.networkAddress, prefix.length, base.kind);
      } catch (error) {
        if (error instanceof DomainError) return { ...base, outcome: 'not_in_tier', message: error.message };
        throw error;
      }
      const same = existing.at(prefix).find((other) => other.kind === base.kind);
      if (same) return { ...base, outcome: 'exists', message: messages.applyExists, subnetId: same.id };
      const around = existing.neighboursOf(prefix);
      const other = placementConflict(base, around.enclosing, around.inside)?.other;
      if (other) {
        return {
          ...base,
          outcome: 'overlaps',
          message: messages.applyOverlaps(other.name, formatPrefix(other.prefix)),
        };
      }
      const { enclosing, inside } = creating.neighboursOf(prefix);
      const sibling = placementConflict(base, enclosing, inside)?.other;
      if (sibling) {
        return {
          ...base,
          outcome: 'overlaps',
          message: messages.applyOverlaps(sibling.name, formatPrefix(sibling.prefix)),
        };
      }
      if (count >= account.maxnetworks) {
        return { ...base, outcome: 'over_limit', message: messages.applyOverLimit(account.maxnetworks) };
      }
      count += 1;
      const created = { ...base, outcome: 'create' as const, message: messages.applyWillCreate };
      creating.add({ ...created, id: subnet.id });
      return created;
    };
    items.push(item());
  }
  return items;
}
