import { expect, it } from 'vitest';
import { findAccountOfMember, updateTierAndLimits } from '../accounts/account-repository.js';
import { runChange } from '../commands/change.js';
import { noopEventPublisher } from '../events/event-publisher.js';
import { requireLeaf } from '../subnets/subnets.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import { createSubnetIn, tierOnePerson } from '../../test/ipam-factories.js';
import { untilWaitingOnLocks } from '../../test/lock-waits.js';
import { readStatusCounts } from './address-count-repository.js';
import type { AddressView } from './address-view.js';
import { hostAddressOf, setAddress, writeAddressIn } from './address-writes.js';

const ROUNDS = 30;
/** The first rounds race to create never-written addresses; the rest race on one written address. */
const FRESH_ADDRESSES = 6;

/** An audit entry of an address write as the log stores it. */
interface Entry {
  entityId: string;
  userId: string | null;
  before: AddressView;
  after: AddressView;
}

/**
 * Orders one address's audit entries by their before/after link: each write's `before` must be the
 * previous write's `after`. Two writes that read the same state (a lost update) break the chain.
 */
function chainOf(entries: readonly Entry[]): Entry[] {
  const rest = [...entries];
  const chain: Entry[] = [];
  const start = rest.filter((entry) => entry.before.updatedDate === null);
  expect(start, 'exactly one write saw the never-written address').toHaveLength(1);
  let current = start[0] as Entry;
  for (;;) {
    chain.push(current);
    rest.splice(rest.indexOf(current), 1);
    const previous: AddressView = current.after;
    const next = rest.filter((entry) => JSON.stringify(entry.before) === JSON.stringify(previous));
    expect(next.length, 'at most one write follows each state').toBeLessThanOrEqual(1);
    if (next.length === 0) break;
    current = next[0] as Entry;
  }
  expect(rest, 'every write is in the chain').toEqual([]);
  return chain;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`two people writing the same address at once (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('writes over a never-written address another writer stored while it waited, counted once', async () => {
      // One address is written in two statements: look, then insert it if never written. Here the
      // first writer's insert is not yet committed when the second looks, so the second's insert
      // waits on it, finds the address stored after its commit, and must lock and write over it.
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.9.1.0/24');
      let commitFirst = () => {};
      const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstWrote = () => {};
      const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
      const first = runChange(me.ctx, async (change) => {
        const leaf = await requireLeaf(change.trx, me.accountId, subnet.id);
        await writeAddressIn(change, me.ctx, leaf, hostAddressOf(leaf, '10.9.1.7'), () => ({
          status: 'Reserved',
          hostname: 'first',
          description: '',
          allowScannerUpdate: true,
        }));
        firstWrote();
        await firstMayCommit;
      });
      await firstHasWritten;
      const second = setAddress(me.ctx, subnet.id, '10.9.1.7', {
        status: 'In Use',
        hostname: 'second',
        description: '',
        allowScannerUpdate: false,
      });
      await untilWaitingOnLocks(t.current.db, [second]);
      commitFirst();
      await first;
      expect(await second).toMatchObject({ status: 'In Use', hostname: 'second', allowScannerUpdate: false });

      const audit = await t.current.db
        .selectFrom('audit_log')
        .select(['before_json', 'after_json'])
        .where('subnet_id', '=', subnet.id)
        .where('entity', '=', 'address')
        .orderBy('at')
        .execute();
      const [written, overwritten] = audit.map((row) => ({
        before: JSON.parse(row.before_json ?? 'null') as AddressView,
        after: JSON.parse(row.after_json ?? 'null') as AddressView,
      }));
      expect(written?.before).toMatchObject({ status: 'Available', hostname: '', updatedDate: null });
      expect(overwritten?.before).toEqual(written?.after);
      expect(overwritten?.after).toMatchObject({ hostname: 'second', id: written?.after.id });
      expect(await readStatusCounts(t.current.db, subnet.id)).toEqual({
        Available: 0n,
        'In Use': 1n,
        Reserved: 0n,
      });
    });

    it('records both writes in the audit log, keeps the last one and exactly one row', async () => {
      const owner = await signUp(t.current, uniqueEmail('alice'));
      await updateTierAndLimits(t.current.db, owner.accountId, { tier: 1, maxusers: 5, maxnetworks: 500 });
      const colleagueEmail = uniqueEmail('bob');
      await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: colleagueEmail });
      const colleague = await signUp(t.current, colleagueEmail);
      const account = await findAccountOfMember(t.current.db, owner.accountId, owner.userId);
      if (!account) throw new Error('account not found');
      const ctx = { db: t.current.db, account, userId: owner.userId, events: noopEventPublisher };
      const subnet = await createSubnetIn(ctx, '10.9.0.0/24');
      const path = `/api/accounts/${owner.accountId}/subnets/${subnet.id}/addresses`;
      const people = [
        { name: 'alice', client: owner.client, userId: owner.userId },
        { name: 'bob', client: colleague.client, userId: colleague.userId },
      ];

      const lastOfRound = new Map<string, Set<string>>();
      for (let round = 0; round < ROUNDS; round++) {
        const ip = `10.9.0.${1 + Math.min(round, FRESH_ADDRESSES)}`;
        const responses = await Promise.all(
          people.map((who, i) =>
            round % 5 === 4 && i === 1
              ? who.client.post(`${path}/${ip}/clear`, {})
              : who.client.put(`${path}/${ip}`, {
                  status: i === 0 ? 'In Use' : 'Reserved',
                  hostname: `${who.name}-${round}`,
                  description: `round ${round} by ${who.name}`,
                  allowScannerUpdate: i === 0,
                }),
          ),
        );
        expect(responses.map((r) => r.status)).toEqual([200, 200]);
        lastOfRound.set(ip, new Set(responses.map((r) => JSON.stringify(r.body))));
      }

      const rows = await t.current.db
        .selectFrom('ip_addresses')
        .select(['ip_address', 'sort_key'])
        .where('subnet_id', '=', subnet.id)
        .execute();
      const written = [...lastOfRound.keys()];
      expect(rows.map((row) => row.ip_address).sort()).toEqual([...written].sort());

      const audit = await t.current.db
        .selectFrom('audit_log')
        .select(['entity_id', 'user_id', 'before_json', 'after_json'])
        .where('account_id', '=', owner.accountId)
        .where('entity', '=', 'address')
        .execute();
      expect(audit).toHaveLength(2 * ROUNDS);
      const entries: Entry[] = audit.map((row) => ({
        entityId: row.entity_id,
        userId: row.user_id,
        before: JSON.parse(row.before_json ?? 'null') as AddressView,
        after: JSON.parse(row.after_json ?? 'null') as AddressView,
      }));

      const listed = await owner.client.get(`${path}?limit=20`);
      for (const ip of written) {
        const chain = chainOf(entries.filter((entry) => entry.entityId === ip));
        const final = chain.at(-1) as Entry;
        const shown = listed.body.items.find((item: AddressView) => item.ipAddress === ip);
        // The last write stands, whole: what the list shows is the last audit entry's after.
        expect(shown).toEqual(final.after);
        expect(lastOfRound.get(ip)?.has(JSON.stringify(final.after))).toBe(true);
        // Not torn: who wrote it matches what was written, in every entry.
        for (const entry of chain) {
          const writer = people.find((who) => who.userId === entry.userId);
          expect(entry.after.updatedBy).toBe(entry.userId);
          if (entry.after.hostname !== '')
            expect(entry.after.hostname.startsWith(`${writer?.name}-`)).toBe(true);
        }
      }
    });
  });
}
