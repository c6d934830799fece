import { expect, it } from 'vitest';
import {
  countMembers,
  findAccountsByIdOrOwnerEmail,
  linkUser,
  listAccountsOfUser,
  listAllAccounts,
  unlinkUser,
} from './account-repository.js';
import { countInvites, insertInvite, takeInvitesForEmail } from '../invites/invite-repository.js';
import { describeOn, DIALECTS, useTestDatabase } from '../../test/dialects.js';
import { createUser, uniqueEmail } from '../../test/factories.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`account repository (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it('counts members and invites as numbers on both engines', async () => {
      const { db } = database.current;
      const owner = await createUser(db);
      const other = await createUser(db);
      await linkUser(db, other.userId, owner.accountId, new Date().toISOString(), 'editor');
      await linkUser(db, other.userId, owner.accountId, new Date().toISOString(), 'editor'); // idempotent
      expect(await countMembers(db, owner.accountId)).toBe(2);
      await insertInvite(db, {
        id: 'inv-1',
        accountId: owner.accountId,
        email: 'x@example.com',
        invitedAt: new Date().toISOString(),
        invitedBy: owner.userId,
        role: 'viewer',
      });
      expect(await countInvites(db, owner.accountId)).toBe(1);
      const all = await listAllAccounts(db);
      const row = all.find((a) => a.id === owner.accountId);
      expect(row?.members).toBe(2);
      expect(typeof row?.members).toBe('number');
      expect(await takeInvitesForEmail(db, 'x@example.com')).toEqual([
        { id: 'inv-1', accountId: owner.accountId, role: 'viewer' },
      ]);
      expect(await countInvites(db, owner.accountId)).toBe(0);
    });

    it("lists a user's accounts, own first, and unlinks", async () => {
      const { db } = database.current;
      const owner = await createUser(db);
      const joiner = await createUser(db);
      await linkUser(db, joiner.userId, owner.accountId, new Date(Date.now() + 1000).toISOString(), 'editor');
      expect((await listAccountsOfUser(db, joiner.userId)).map((a) => a.id)).toEqual([
        joiner.accountId,
        owner.accountId,
      ]);
      expect(await unlinkUser(db, joiner.userId, owner.accountId)).toBe(true);
      expect(await unlinkUser(db, joiner.userId, owner.accountId)).toBe(false);
      expect((await listAccountsOfUser(db, joiner.userId)).map((a) => a.id)).toEqual([joiner.accountId]);
    });

    it('finds accounts by id or by owner e-mail', async () => {
      const { db } = database.current;
      const email = uniqueEmail();
      const owner = await createUser(db, { email });
      expect((await findAccountsByIdOrOwnerEmail(db, email)).map((a) => a.id)).toEqual([owner.accountId]);
      expect((await findAccountsByIdOrOwnerEmail(db, owner.accountId)).map((a) => a.id)).toEqual([
        owner.accountId,
      ]);
      expect(await findAccountsByIdOrOwnerEmail(db, 'nobody@example.com')).toEqual([]);
    });
  });
}
