import { randomUUID } from 'node:crypto';
import { planTree } from '@ipam/core/plan-tree';
import { PLAN_TEMPLATE_DEFINITIONS } from '@ipam/core/plan-templates';
import type { PlanCreateInput } from '@ipam/core/schemas/plan-schemas';
import type { PlanSubnetRecord } from './plan-subnet-repository.js';

/**
 * Copies of a plan's subnets for another plan (PL-11, PL-74): new ids, parent links remapped, in
 * tree order so every parent is stored before its children.
 */
export function copySubnets(
  subnets: readonly PlanSubnetRecord[],
  planId: string,
  now: string,
): PlanSubnetRecord[] {
  const newIds = new Map(subnets.map((subnet) => [subnet.id, randomUUID()]));
  return planTree(subnets).order.map((subnet) => ({
    ...subnet,
    id: newIds.get(subnet.id)!,
    planId,
    parentSubnetId: subnet.parentSubnetId === null ? null : (newIds.get(subnet.parentSubnetId) ?? null),
    reservedAddresses: subnet.reservedAddresses.map((entry) => ({ ...entry })),
    planning: { ...subnet.planning },
    createdAt: now,
    updatedAt: now,
  }));
}

/** A template's subnets for a new plan (PL-69 … PL-73): active, growth 25, no hosts, no VLAN, at the top. */
export function templateSubnets(
  template: NonNullable<PlanCreateInput['template']>,
  planId: string,
  now: string,
): PlanSubnetRecord[] {
  return PLAN_TEMPLATE_DEFINITIONS[template].subnets.map((subnet) => ({
    id: randomUUID(),
    planId,
    parentSubnetId: null,
    name: subnet.name,
    description: subnet.description,
    ipVersion: 'IPv4',
    networkAddress: subnet.networkAddress,
    cidr: subnet.cidr,
    vlan: null,
    reservedAddresses: [],
    planning: { currentHosts: 0, plannedGrowth: 25, notes: '' },
    status: 'active',
    createdAt: now,
    updatedAt: now,
  }));
}

/** PL-11: the copy's name, ' (Copy)' after the original cut so the whole stays within 100 characters. */
export function copyName(name: string): string {
  const suffix = ' (Copy)';
  return name.slice(0, 100 - suffix.length) + suffix;
}

/** PL-11: the copy's tags, 'copy' added unless it is there or the plan already has 10. */
export function copyTags(tags: readonly string[]): string[] {
  return tags.includes('copy') || tags.length >= 10 ? [...tags] : [...tags, 'copy'];
}
