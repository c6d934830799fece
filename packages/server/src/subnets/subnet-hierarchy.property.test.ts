import { formatIPv4 } from '@ipam/core/ipv4';
import { prefixLast, type Prefix } from '@ipam/core/prefix';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS, useTestDatabase } from '../../test/dialects.js';
import { createAccountContext } from '../../test/ipam-factories.js';
import { DomainError } from '../errors/domain-error.js';
import { createGroup } from '../groups/groups.js';
import { countSubnets, listSubnets, type SubnetRecord } from './subnet-repository.js';
import { createSubnet, deleteSubnet } from './subnets.js';

/** One step: create a subnet (a prefix inside 10.0.0.0/16, /16 to /26) or delete the n-th one. */
type Step =
  | { op: 'create'; offset: number; length: number; kind: 'leaf' | 'container' }
  | { op: 'delete'; pick: number };

const BASE = 0x0a000000n;

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('create' as const),
      // Offsets on a /26 grid of a /16, so prefixes nest and collide often.
      offset: fc.integer({ min: 0, max: 1023 }),
      length: fc.integer({ min: 16, max: 26 }),
      kind: fc.constantFrom('leaf' as const, 'container' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
);

function holds(outer: Prefix, inner: Prefix): boolean {
  return outer.network <= inner.network && prefixLast(inner) <= prefixLast(outer);
}

function overlap(a: Prefix, b: Prefix): boolean {
  return a.network <= prefixLast(b) && b.network <= prefixLast(a);
}

/** The oracle, by brute force over every pair: may this subnet join these? */
function isAllowed(existing: readonly SubnetRecord[], prefix: Prefix, kind: 'leaf' | 'container'): boolean {
  return existing.every((other) => {
    if (!overlap(other.prefix, prefix)) return true;
    if (other.prefix.length === prefix.length) return false; // the same prefix twice
    if (holds(other.prefix, prefix)) return other.kind === 'container';
    return kind === 'container'; // it would hold the other
  });
}

/** The invariants of DESIGN.md "Real networks", checked over every pair of stored subnets. */
function checkInvariants(subnets: readonly SubnetRecord[]): void {
  for (const subnet of subnets) {
    let smallest: SubnetRecord | null = null;
    for (const other of subnets) {
      if (other.id === subnet.id || other.kind !== 'container') continue;
      if (other.prefix.length < subnet.prefix.length && holds(other.prefix, subnet.prefix)) {
        if (smallest === null || other.prefix.length > smallest.prefix.length) smallest = other;
      }
    }
    expect(subnet.parentId, `parent of ${subnet.networkIP}/${subnet.prefix.length}`).toBe(
      smallest?.id ?? null,
    );
    for (const other of subnets) {
      if (other.id === subnet.id) continue;
      if (subnet.kind === 'leaf' && other.kind === 'leaf')
        expect(overlap(subnet.prefix, other.prefix)).toBe(false);
      if (subnet.kind === 'leaf') expect(holds(subnet.prefix, other.prefix)).toBe(false);
    }
  }
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`subnet hierarchy against a brute-force oracle (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it('keeps every parent the smallest container holding it and no two leaves overlapping', async () => {
      const { db } = database.current;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
          const ctx = await createAccountContext(db, { tier: 3 });
          const group = await createGroup(ctx, { name: 'G' });
          for (const s of steps) {
            const before = await listSubnets(db, ctx.account.id);
            if (s.op === 'delete') {
              const victim = before[s.pick % Math.max(before.length, 1)];
              if (!victim) continue;
              const hasChildren = before.some((other) => other.parentId === victim.id);
              const deleted = await deleteSubnet(ctx, victim.id).then(
                () => true,
                (error: unknown) => (error instanceof DomainError ? false : Promise.reject(error)),
              );
              expect(deleted, `delete ${victim.networkIP}/${victim.prefix.length}`).toBe(!hasChildren);
            } else {
              const network =
                ((BASE + BigInt(s.offset) * 64n) >> BigInt(32 - s.length)) << BigInt(32 - s.length);
              const prefix: Prefix = { version: 4, network, length: s.length };
              const created = await createSubnet(ctx, {
                version: 4,
                name: `${formatIPv4(Number(network))}/${s.length}`,
                vlanId: 1,
                groupId: group.id,
                networkIP: formatIPv4(Number(network)),
                length: s.length,
                kind: s.kind,
              }).then(
                () => true,
                (error: unknown) => (error instanceof DomainError ? false : Promise.reject(error)),
              );
              expect(created, `create ${s.kind} ${formatIPv4(Number(network))}/${s.length}`).toBe(
                isAllowed(before, prefix, s.kind),
              );
            }
            const stored = await listSubnets(db, ctx.account.id);
            checkInvariants(stored);
            // The count kept with the account follows every create and delete, refused ones included.
            expect(await countSubnets(db, ctx.account.id)).toBe(stored.length);
          }
        }),
        { numRuns: 25 },
      );
      // About 15 s alone; 25 runs of up to 30 steps against a database took 60 s at load 16.
    }, 300_000);
  });
}
