import type { PlanValidation } from './api/plan.js';
import { formatPrefix } from './cidr.js';
import { planGaps, prefixGaps } from './gaps.js';
import { formatAddress } from './ip-address.js';
import { messages } from './messages.js';
import { findOverlaps } from './overlap.js';
import { planSubnetPrefix, type PlanSubnetFields } from './plan-subnet-details.js';
import { prefixLast, type Prefix } from './prefix.js';
import { checkPlanSubnet } from './subnet-warnings.js';

/** What validation needs of a plan subnet. */
export interface ValidationSubnet extends PlanSubnetFields {
  readonly id: string;
  readonly name: string;
  readonly parentSubnetId: string | null;
}

/**
 * PL-27 … PL-31: overlaps (with names and networks, the container first), gaps between subnets and
 * inside parents, every subnet's warnings and recommendations, MAKE_CHILD for a complete overlap whose
 * inner subnet has no parent, and isValid (no overlap and no subnet with errors).
 */
export function validatePlan(subnets: readonly ValidationSubnet[], now: Date): PlanValidation {
  const prefixes = subnets.map(planSubnetPrefix);
  const byId = new Map(subnets.map((subnet, index) => [subnet.id, index]));
  const side = (id: string) => {
    const index = byId.get(id)!;
    return { id, name: subnets[index]!.name, network: formatPrefix(prefixes[index]!) };
  };

  const warnings: PlanValidation['warnings'] = [];
  const recommendations: PlanValidation['recommendations'] = [];
  let hasErrors = false;
  subnets.forEach((subnet, index) => {
    const check = checkPlanSubnet({
      prefix: prefixes[index]!,
      currentHosts: subnet.planning.currentHosts,
      plannedGrowth: subnet.planning.plannedGrowth,
      reservedAddresses: subnet.reservedAddresses,
    });
    if (!check.isValid) hasErrors = true;
    for (const { type, message } of check.warnings) warnings.push({ subnetId: subnet.id, type, message });
    for (const { type, suggestion } of check.recommendations) {
      recommendations.push({ subnetId: subnet.id, type, suggestion });
    }
  });

  const found = findOverlaps(
    subnets.map((subnet, index) => ({
      id: subnet.id,
      parentId: subnet.parentSubnetId,
      prefix: prefixes[index]!,
    })),
  );
  const overlaps: PlanValidation['overlaps'] = found.map((overlap) => ({
    subnet1: side(overlap.firstId),
    subnet2: side(overlap.secondId),
    overlapType: overlap.overlapType,
    isDuplicate: overlap.isDuplicate,
  }));
  for (const overlap of found) {
    const inner = subnets[byId.get(overlap.secondId)!]!;
    // A duplicate cannot become a child of its twin: a child must be smaller than its parent (PL-12).
    if (overlap.overlapType !== 'complete' || overlap.isDuplicate || inner.parentSubnetId !== null) continue;
    const outer = subnets[byId.get(overlap.firstId)!]!;
    recommendations.push({
      subnetId: inner.id,
      type: 'MAKE_CHILD',
      suggestion: messages.makeChildRecommendation(inner.name, outer.name),
    });
  }

  return {
    isValid: overlaps.length === 0 && !hasErrors,
    lastValidated: now.toISOString(),
    overlaps,
    gaps: [...betweenGaps(subnets, prefixes), ...parentGaps(subnets, prefixes)],
    warnings,
    recommendations,
  };
}

type Gap = PlanValidation['gaps'][number];

function betweenGaps(subnets: readonly ValidationSubnet[], prefixes: readonly Prefix[]): Gap[] {
  return planGaps(subnets.map((subnet, index) => ({ id: subnet.id, prefix: prefixes[index]! }))).map(
    (gap) => ({
      type: 'between_subnets',
      version: gap.version === 4 ? 'IPv4' : 'IPv6',
      startAddress: gap.startAddress,
      endAddress: gap.endAddress,
      size: gap.size.toString(),
      beforeSubnet: gap.beforeSubnet,
      afterSubnet: gap.afterSubnet,
    }),
  );
}

/** PL-29: the space inside each parent that its children leave free, one entry per free stretch. */
function parentGaps(subnets: readonly ValidationSubnet[], prefixes: readonly Prefix[]): Gap[] {
  const byId = new Map(subnets.map((subnet, index) => [subnet.id, index]));
  const children = new Map<number, Prefix[]>();
  subnets.forEach((subnet, index) => {
    const parent = subnet.parentSubnetId === null ? undefined : byId.get(subnet.parentSubnetId);
    if (parent === undefined || parent === index) return;
    const list = children.get(parent);
    if (list) list.push(prefixes[index]!);
    else children.set(parent, [prefixes[index]!]);
  });
  const gaps: Gap[] = [];
  for (const [parentIndex, kids] of [...children].sort((a, b) => a[0] - b[0])) {
    const parent = prefixes[parentIndex]!;
    let run: { start: bigint; end: bigint } | null = null;
    const flush = (): void => {
      if (run === null) return;
      gaps.push({
        type: 'unallocated_in_parent',
        version: parent.version === 4 ? 'IPv4' : 'IPv6',
        startAddress: formatAddress(parent.version, run.start),
        endAddress: formatAddress(parent.version, run.end),
        size: (run.end - run.start + 1n).toString(),
        beforeSubnet: subnets[parentIndex]!.id,
        afterSubnet: null,
      });
      run = null;
    };
    for (const block of prefixGaps(parent, kids)) {
      if (run !== null && block.network === run.end + 1n) run.end = prefixLast(block);
      else {
        flush();
        run = { start: block.network, end: prefixLast(block) };
      }
    }
    flush();
  }
  return gaps;
}
