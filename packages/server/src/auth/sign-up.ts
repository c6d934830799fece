import { randomUUID } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import type { SignupInput } from '@ipam/core/schemas/auth-schemas';
import { tierDefaults } from '@ipam/core/tiers';
import { insertAccount, linkUser } from '../accounts/account-repository.js';
import type { NewAccountDefaults } from '../config/env.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation, nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { acceptPendingInvites, accountToOpen, type AcceptedInvite } from '../invites/accept-invites.js';
import { inviteTokenHash } from '../invites/invite-link.js';
import { findInviteByTokenHash } from '../invites/invite-repository.js';
import { emailExists, insertUser, setCurrentAccountId } from '../users/user-repository.js';
import { hashPassword } from './password.js';

const free = tierDefaults(0);
const freeAccount: NewAccountDefaults = {
  tier: 0,
  maxusers: free?.maxusers ?? 2,
  maxnetworks: free?.maxnetworks ?? 2,
};

/**
 * Registers a user: the user, their own account (Free, or the operator's IPAM_DEFAULT_TIER) (reference = e-mail) and the link, in one
 * transaction; the invite link's and the e-mail's pending invites are accepted, and an inviting
 * account becomes the current one (their own stays, empty, one Switch Account away).
 */
export async function signUp(
  db: Db,
  input: SignupInput,
  defaults: NewAccountDefaults = freeAccount,
  mode: 'open' | 'invite-only' = 'open',
): Promise<{ userId: string; accountId: string; accepted: AcceptedInvite[] }> {
  const email = input.email.trim().toLowerCase();
  // Invite-only: without a live invitation link nobody learns anything, not even whether the e-mail exists.
  if (mode === 'invite-only' && !(await isLiveInviteLink(db, input.inviteToken))) {
    throw new DomainError('signup_invite_only', messages.signUpByInvitation);
  }
  if (await emailExists(db, email)) throw emailInUse();
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  const accountId = randomUUID();
  let accepted: AcceptedInvite[] = [];
  try {
    accepted = await db.transaction().execute(async (trx) => {
      const at = nowIso();
      await insertUser(trx, { id: userId, email, passwordHash, createdAt: at });
      await insertAccount(trx, {
        id: accountId,
        uid: userId,
        reference: email,
        tier: defaults.tier,
        maxusers: defaults.maxusers,
        maxnetworks: defaults.maxnetworks,
        ipv6Prefixes: defaults.ipv6Prefixes ?? null,
        createdAt: at,
      });
      await linkUser(trx, userId, accountId, at, 'owner');
      const joined = await acceptPendingInvites(trx, { id: userId, email }, input.inviteToken);
      const opened = accountToOpen(joined, true);
      if (opened) await setCurrentAccountId(trx, userId, opened);
      return joined;
    });
  } catch (error) {
    // Two sign-ups with one e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  return { userId, accountId, accepted };
}

/** Whether the token is the link of an invitation still pending. */
async function isLiveInviteLink(db: Db, inviteToken: string | undefined): Promise<boolean> {
  if (!inviteToken) return false;
  return (await findInviteByTokenHash(db, inviteTokenHash(inviteToken))) !== undefined;
}

function emailInUse(): DomainError {
  return new DomainError('email_in_use', messages.emailInUse, { email: messages.emailInUse });
}
