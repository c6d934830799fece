import { messages } from '@ipam/core/messages';
import type { Role } from '@ipam/core/roles';
import { runChange, type ChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { nowIso } from '../db/db-values.js';
import { endKeysMadeBy } from '../scanners/scanner-repository.js';
import { generateScannerKey, hashScannerKey } from '../scanners/scanner-keys.js';
import { revokeTokensOfMember } from '../tokens/token-repository.js';
import { findUserById } from '../users/user-repository.js';
import { findMemberRole } from '../roles/member-role-repository.js';
import { unlinkUser } from './account-repository.js';

/**
 * Removes a user from the context's account. The account holder cannot be removed, nor an owner but by
 * an owner (403); a user who is not a
 * member is a 404. Access ends at once because membership is read from the database on every request;
 * the member's API tokens are revoked and the scanner keys they made stop working.
 */
export async function removeMember(ctx: ChangeContext, userId: string, callerRole: Role): Promise<void> {
  const { account } = ctx;
  if (userId === account.uid) {
    throw new DomainError('owner_not_removable', messages.ownerCannotBeRemoved);
  }
  await runChange(ctx, async ({ trx, audit, announce }) => {
    // An admin manages the team below the owners: only an owner removes another owner.
    if ((await findMemberRole(trx, account.id, userId)) === 'owner' && callerRole !== 'owner') {
      throw new DomainError('owner_only', messages.onlyOwnerGivesOwner);
    }
    const user = await findUserById(trx, userId);
    const wasMember = await unlinkUser(trx, userId, account.id);
    if (!wasMember || !user) throw new DomainError('not_found', messages.notFound);
    audit({ action: 'delete', entity: 'member', entityId: userId, before: { email: user.email } });
    // The member's API tokens end with their membership.
    const revoked = await revokeTokensOfMember(trx, account.id, userId, nowIso());
    if (revoked.length > 0) announce({ kind: 'token', id: userId });
    // So do the scanner keys they made: a key must not outlive the member who holds a copy of it.
    const ended = await endKeysMadeBy(trx, account.id, userId, () => hashScannerKey(generateScannerKey()));
    for (const scannerId of ended) {
      audit({
        action: 'update',
        entity: 'scanner-key',
        entityId: scannerId,
        after: { keyEnded: true, reason: `its maker ${user.email} left the account` },
      });
      announce({ kind: 'scanner', id: scannerId });
    }
    announce({ kind: 'user', id: userId });
  });
}
