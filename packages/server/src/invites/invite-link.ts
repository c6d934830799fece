import { createHash, randomBytes } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import { runChange, type ChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { accountLabel, type Invitation } from '@ipam/core/api/account';
import type { Db } from '../db/database.js';
import { findInviteByTokenHash, setInviteTokenHash, type InviteRecord } from './invite-repository.js';

/** The stored form of an invite link's token: its SHA-256, so the table holds no usable links. */
export function inviteTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new invite link token (32 bytes from the CSPRNG) and its hash. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: inviteTokenHash(token) };
}

/** The login page's Sign Up tab with the invite's token: signing up or logging in there accepts the invite. */
export function inviteUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/login?tab=signup&invite=${encodeURIComponent(token)}`;
}

/**
 * What an invite link leads to, for the sign-up form: the invited e-mail and the inviting account's
 * name. A used, withdrawn or made-up link is a 404 saying the link is no longer valid.
 */
export async function readInvitation(db: Db, token: string): Promise<Invitation> {
  const invite = await findInviteByTokenHash(db, inviteTokenHash(token));
  if (!invite) throw new DomainError('not_found', messages.inviteLinkInvalid);
  return {
    email: invite.email,
    accountName: accountLabel({ id: invite.accountId, reference: invite.accountReference }),
  };
}

/**
 * Issues a new link for one of the account's pending invites (only hashes are stored, so showing the
 * link again means a new token; the old link stops working). Another account's invite is a 404.
 */
export async function reissueInviteLink(
  ctx: ChangeContext,
  inviteId: string,
  baseUrl: string,
): Promise<InviteRecord & { inviteUrl: string }> {
  const { token, tokenHash } = newInviteToken();
  return runChange(ctx, async ({ trx, audit }) => {
    const invite = await setInviteTokenHash(trx, ctx.account.id, inviteId, tokenHash);
    if (!invite) throw new DomainError('not_found', messages.notFound);
    audit({ action: 'update', entity: 'invite', entityId: invite.id, after: { link: 'reissued' } });
    return { ...invite, inviteUrl: inviteUrl(baseUrl, token) };
  });
}
