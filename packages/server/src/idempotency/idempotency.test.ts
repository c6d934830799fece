import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { uniqueEmail, useTestApp } from '../../test/factories.js';
import {
  accountSession,
  createSubnetIn,
  postGroup,
  tierOnePerson,
  type TierOnePerson,
} from '../../test/ipam-factories.js';
import { addPlanSubnet, postPlan } from '../../test/plan-factories.js';
import {
  claimKey,
  deleteExpiredKeys,
  IDEMPOTENCY_KEY_TTL_MS,
  storeAnswer,
} from './idempotency-repository.js';

const nextPath = (person: TierOnePerson, subnetId: string) =>
  `/api/accounts/${person.accountId}/subnets/${subnetId}/addresses/next`;

const keyed = (key: string) => ({ 'idempotency-key': key });

async function inUseCount(person: TierOnePerson, subnetId: string): Promise<number> {
  const page = await person.client.get(
    `/api/accounts/${person.accountId}/subnets/${subnetId}/addresses?filter=in-use`,
  );
  return Number(page.body.total);
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`Idempotency-Key (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('answers a retry with the first answer and allocates nothing new; another body is 422', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.1.0.0/24');
      const first = await me.client.post(nextPath(me, subnet.id), { hostname: 'web-1' }, keyed('job-1'));
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await me.client.post(nextPath(me, subnet.id), { hostname: 'web-1' }, keyed('job-1'));
      expect(again.status).toBe(201);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await inUseCount(me, subnet.id)).toBe(1);

      const other = await me.client.post(nextPath(me, subnet.id), { hostname: 'web-2' }, keyed('job-1'));
      expect(other.status).toBe(422);
      expect(other.body).toEqual({ error: messages.idempotencyKeyReused, code: 'idempotency_key_reused' });
      const fresh = await me.client.post(nextPath(me, subnet.id), { hostname: 'web-1' }, keyed('job-2'));
      expect(fresh.body.items[0].ipAddress).toBe('10.1.0.2');
      const unkeyed = await me.client.post(nextPath(me, subnet.id), { hostname: 'web-1' });
      expect(unkeyed.body.items[0].ipAddress).toBe('10.1.0.3');
      expect(await inUseCount(me, subnet.id)).toBe(3);
    });

    it('replays an error answer too, and refuses an empty or over-long key before writing', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.2.0.0/30');
      const tooMany = await me.client.post(nextPath(me, subnet.id), { count: 3 }, keyed('three'));
      expect(tooMany.status).toBe(409);
      const replay = await me.client.post(nextPath(me, subnet.id), { count: 3 }, keyed('three'));
      expect(replay.status).toBe(409);
      expect(replay.text).toBe(tooMany.text);
      for (const key of ['', 'k'.repeat(256)]) {
        const refused = await me.client.post(nextPath(me, subnet.id), {}, keyed(key));
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe(messages.idempotencyKeyInvalid);
      }
      const longest = await me.client.post(nextPath(me, subnet.id), {}, keyed('k'.repeat(255)));
      expect(longest.status).toBe(201);
      expect(await inUseCount(me, subnet.id)).toBe(1);
    });

    it(
      'gives 50 concurrent retries of one key one address and the same answer',
      { timeout: 60_000 },
      async () => {
        const me = await tierOnePerson(t.current);
        const subnet = await createSubnetIn(me.ctx, '10.3.0.0/24');
        const answers = await Promise.all(
          Array.from({ length: 50 }, () =>
            me.client.post(nextPath(me, subnet.id), { hostname: 'db-1' }, keyed('one-address')),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
        expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
        expect(answers[0]?.body.items.map((item: { ipAddress: string }) => item.ipAddress)).toEqual([
          '10.3.0.1',
        ]);
        expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === null)).toHaveLength(
          1,
        );
        expect(await inUseCount(me, subnet.id)).toBe(1);
      },
    );

    it("keeps keys per account: another account's key neither leaks its answer nor blocks", async () => {
      const me = await tierOnePerson(t.current);
      const other = await tierOnePerson(t.current, uniqueEmail('other'));
      const mine = await createSubnetIn(me.ctx, '10.4.0.0/24');
      const theirs = await createSubnetIn(other.ctx, '10.4.0.0/24');
      const first = await me.client.post(nextPath(me, mine.id), { hostname: 'a' }, keyed('shared'));
      expect(first.status).toBe(201);
      const intoMine = await other.client.post(nextPath(me, mine.id), { hostname: 'a' }, keyed('shared'));
      expect(intoMine.status).toBe(404);
      expect(intoMine.text).not.toContain(mine.id);
      const own = await other.client.post(nextPath(other, theirs.id), { hostname: 'a' }, keyed('shared'));
      expect(own.status).toBe(201);
      expect(own.headers.get('idempotent-replayed')).toBeNull();
      expect(own.body.items[0].ipAddress).toBe('10.4.0.1');
      expect(await inUseCount(me, mine.id)).toBe(1);
      expect(await inUseCount(other, theirs.id)).toBe(1);
    });

    it('makes subnets/next and subnet creation retryable', async () => {
      const me = await tierOnePerson(t.current);
      const container = await createSubnetIn(me.ctx, '10.5.0.0/22', { kind: 'container' });
      const body = {
        parentId: container.id,
        prefixLength: 24,
        name: 'Next',
        vlanId: 1,
        groupId: container.groupId,
      };
      const path = `/api/accounts/${me.accountId}/subnets/next`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => me.client.post(path, body, keyed('n1'))),
      );
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(answers[0]?.status).toBe(201);
      const created = {
        name: 'Made',
        vlanId: 1,
        groupId: container.groupId,
        networkIP: '10.6.0.0',
        bits: 24,
      };
      const subnets = `/api/accounts/${me.accountId}/subnets`;
      const made = await me.client.post(subnets, created, keyed('c1'));
      expect(made.status).toBe(201);
      expect((await me.client.post(subnets, created, keyed('c1'))).text).toBe(made.text);
      const crossRoute = await me.client.post(path, body, keyed('c1'));
      expect(crossRoute.status).toBe(422);
      const children = await me.client.get(`${subnets}?parentId=${container.id}`);
      expect(children.body.items.map((s: { networkIP: string }) => s.networkIP)).toEqual(['10.5.0.0']);
      const all = await me.client.get(subnets);
      expect(all.body.items.filter((s: { networkIP: string }) => s.networkIP === '10.6.0.0')).toHaveLength(1);
    });

    it('makes applying a plan retryable', { timeout: 60_000 }, async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'Plans');
      const plan = await postPlan(me, { name: 'Branch' });
      const site = await addPlanSubnet(me, plan.id, 'Site', '10.0.0.0/16');
      const lan = await addPlanSubnet(me, plan.id, 'LAN1', '10.0.1.0/24', { parentSubnetId: site });
      const path = `/api/accounts/${me.accountId}/plans/${plan.id}/apply`;
      const body = { groupId: group.id, subnetIds: [lan], dryRun: false };
      const first = await me.client.post(path, body, keyed('apply-1'));
      expect(first.status).toBe(200);
      expect(first.body.created).toBe(1);
      const again = await me.client.post(path, body, keyed('apply-1'));
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const subnets = await me.call('GET', '/subnets');
      expect(subnets.body.items.filter((s: { name: string }) => s.name === 'LAN1')).toHaveLength(1);
    });

    it('prunes keys older than 24 hours and lets an expired key run anew', async () => {
      const me = await tierOnePerson(t.current);
      const scope = { accountId: me.accountId, callerId: me.userId, key: 'old' };
      const claim = { scope, token: 'first' };
      const then = new Date('2026-01-01T00:00:00Z');
      expect(await claimKey(t.current.db, claim, 'h1', then)).toEqual({ isClaimed: true });
      await storeAnswer(t.current.db, claim, 201, '{}');
      const within = new Date(then.getTime() + IDEMPOTENCY_KEY_TTL_MS - 1000);
      expect(await claimKey(t.current.db, { scope, token: 'second' }, 'h1', within)).toEqual({
        isClaimed: false,
        stored: expect.objectContaining({ requestHash: 'h1', statusCode: 201, responseBody: '{}' }),
      });
      const after = new Date(then.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1000);
      expect(await claimKey(t.current.db, { scope, token: 'third' }, 'h2', after)).toEqual({
        isClaimed: true,
      });
      expect(
        await deleteExpiredKeys(t.current.db, new Date(after.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1)),
      ).toBeGreaterThanOrEqual(1);
      expect(await claimKey(t.current.db, { scope, token: 'fourth' }, 'h3', after)).toEqual({
        isClaimed: true,
      });
    });
  });
}
