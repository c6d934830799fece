import { expect, it } from 'vitest';
import { findAccountOfMember, updateTierAndLimits } from '../accounts/account-repository.js';
import { noopEventPublisher } from '../events/event-publisher.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import { createSubnetIn } from '../../test/ipam-factories.js';
import type { AddressView } from './address-view.js';

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
