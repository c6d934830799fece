import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, useTestApp } from '../../test/factories.js';
import { setTier } from '../../test/ipam-factories.js';
import { listSupportMessages } from './support-repository.js';
import { SUPPORT_MESSAGES_PER_HOUR } from '@ipam/core/limits';

const ticket = { kind: 'support', subject: 'Help', message: 'Where did 10.0.0.0/24 go?' };
const feedback = { kind: 'feedback', message: 'Lovely dashboard.' };

for (const dialect of DIALECTS) {
  describeOn(dialect)(`the built-in support form (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('takes feedback from everyone but tickets only from a paid current account (issue 19)', async () => {
      const user = await signUp(t.current);
      const refused = await user.client.post('/api/support/messages', ticket);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: messages.supportTicketsNotInTier, code: 'support_not_in_tier' });
      expect((await user.client.post('/api/support/messages', feedback)).status).toBe(201);
      await setTier(t.current.db, user.accountId, 1);
      const sent = await user.client.post('/api/support/messages', ticket);
      expect(sent.status).toBe(201);
      const stored = await listSupportMessages(t.current.db, 100);
      expect(stored.find((m) => m.id === sent.body.id)).toMatchObject({
        userId: user.userId,
        kind: 'support',
        subject: 'Help',
        message: ticket.message,
      });
    });

    it(`refuses a user's message past ${SUPPORT_MESSAGES_PER_HOUR} an hour (429) and stores none of those`, async () => {
      const user = await signUp(t.current);
      const other = await signUp(t.current);
      for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR; i++) {
        expect(
          (await user.client.post('/api/support/messages', { ...feedback, message: `n${i}` })).status,
        ).toBe(201);
      }
      const refused = await user.client.post('/api/support/messages', { ...feedback, message: 'one more' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: messages.supportMessageLimit(SUPPORT_MESSAGES_PER_HOUR),
        code: 'rate_limited',
      });
      const stored = await listSupportMessages(t.current.db, 1000);
      expect(stored.filter((m) => m.userId === user.userId)).toHaveLength(SUPPORT_MESSAGES_PER_HOUR);
      expect((await other.client.post('/api/support/messages', feedback)).status).toBe(201);
    });

    it('needs a session', async () => {
      const response = await t.current.client().post('/api/support/messages', feedback);
      expect(response.status).toBe(401);
    });
  });
}
