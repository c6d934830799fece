import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { NEXT_FREE_DEFAULTS } from '@ipam/core/schemas/next-free-schemas';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { createSubnetIn, tierOnePerson, type TierOnePerson } from '../../test/ipam-factories.js';
import { assignNextFree } from '../addresses/next-free.js';
import { idempotencyFence } from './idempotency-fence.js';
import { claimKey, findKey, IDEMPOTENCY_CLAIM_LEASE_MS } from './idempotency-repository.js';

const nextPath = (person: TierOnePerson, subnetId: string) =>
  `/api/accounts/${person.accountId}/subnets/${subnetId}/addresses/next`;

const keyed = (key: string) => ({ 'idempotency-key': key });

async function inUseCount(person: TierOnePerson, subnetId: string): Promise<number> {
  const page = await person.client.get(
    `/api/accounts/${person.accountId}/subnets/${subnetId}/addresses?filter=in-use`,
  );
  return Number(page.body.total);
}

/** A moment by which a lease taken now has run out. */
const pastTheLease = () => new Date(Date.now() - IDEMPOTENCY_CLAIM_LEASE_MS - 1000);

for (const dialect of DIALECTS) {
  describeOn(dialect)(`Idempotency-Key claims of a server that stopped (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('runs anew a key whose lease ran out with nothing written, never one whose claim is alive', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.7.0.0/24');
      const scope = { accountId: me.accountId, callerId: me.userId, key: 'orphan' };
      // Claimed by a process that stopped before writing: nobody renewed its lease.
      expect(await claimKey(t.current.db, { scope, token: 'stopped' }, 'whatever', pastTheLease())).toEqual({
        isClaimed: true,
      });
      const taken = await me.client.post(nextPath(me, subnet.id), {}, keyed('orphan'));
      expect(taken.status).toBe(201);
      expect((await me.client.post(nextPath(me, subnet.id), {}, keyed('orphan'))).text).toBe(taken.text);

      const alive = { scope: { ...scope, key: 'running-elsewhere' }, token: 'alive' };
      expect(await claimKey(t.current.db, alive, 'another request', new Date())).toEqual({ isClaimed: true });
      const refused = await me.client.post(nextPath(me, subnet.id), {}, keyed('running-elsewhere'));
      expect(refused.status).toBe(422);
      expect(await inUseCount(me, subnet.id)).toBe(1);
    });

    it('never runs again a key whose write committed before its server could store the answer', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.8.0.0/24');
      const first = await me.client.post(nextPath(me, subnet.id), { hostname: 'vm-42' }, keyed('vm-42'));
      expect(first.status).toBe(201);
      // The write confirmed the claim in its transaction. Now the state a crash right after the commit
      // leaves: no answer stored, and a lease that its process will renew no more.
      const forget = (leaseUntil: Date) =>
        t.current.db
          .updateTable('idempotency_keys')
          .set({ status_code: null, response_body: null, lease_until: leaseUntil.toISOString() })
          .where('key', '=', 'vm-42')
          .execute();
      await forget(new Date(Date.now() + IDEMPOTENCY_CLAIM_LEASE_MS));
      const meanwhile = await me.client.post(nextPath(me, subnet.id), { hostname: 'vm-42' }, keyed('vm-42'));
      expect(meanwhile.status).toBe(409);
      expect(meanwhile.headers.get('retry-after')).toBe('1');
      expect(meanwhile.body.code).toBe('idempotency_in_progress');

      await forget(pastTheLease());
      const retried = await me.client.post(nextPath(me, subnet.id), { hostname: 'vm-42' }, keyed('vm-42'));
      expect(retried.status).toBe(409);
      expect(retried.body).toEqual({
        error: messages.idempotencyAnswerLost,
        code: 'idempotency_answer_lost',
      });
      expect(await inUseCount(me, subnet.id)).toBe(1);
    });

    it('rolls a change back when its claim was taken over while it ran (its lease had run out)', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.9.0.0/24');
      const scope = { accountId: me.accountId, callerId: me.userId, key: 'slow' };
      const slow = { scope, token: 'slow' };
      const taker = { scope, token: 'taker' };
      expect(await claimKey(t.current.db, slow, 'same request', pastTheLease())).toEqual({ isClaimed: true });
      expect(await claimKey(t.current.db, taker, 'same request', new Date())).toEqual({ isClaimed: true });

      const late = assignNextFree(
        { ...me.ctx, idempotency: idempotencyFence(slow) },
        subnet.id,
        NEXT_FREE_DEFAULTS,
      );
      await expect(late).rejects.toMatchObject({ code: 'idempotency_in_progress' });
      expect(await inUseCount(me, subnet.id)).toBe(0);
      expect((await findKey(t.current.db, scope))?.isCommitted).toBe(false);

      const made = await assignNextFree(
        { ...me.ctx, idempotency: idempotencyFence(taker) },
        subnet.id,
        NEXT_FREE_DEFAULTS,
      );
      expect(made.map((address) => address.ipAddress)).toEqual(['10.9.0.1']);
      expect((await findKey(t.current.db, scope))?.isCommitted).toBe(true);
    });
  });
}
