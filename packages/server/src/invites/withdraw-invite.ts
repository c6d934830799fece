import { messages } from '@ipam/core/messages';
import { runChange, type ChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { deleteInvite, type InviteRecord } from './invite-repository.js';

/** Withdraws one of the account's invites; another account's invite is a 404 like a missing one. */
export async function withdrawInvite(ctx: ChangeContext, inviteId: string): Promise<InviteRecord> {
  return runChange(ctx, async ({ trx, audit, announce }) => {
    const invite = await deleteInvite(trx, ctx.account.id, inviteId);
    if (!invite) throw new DomainError('not_found', messages.notFound);
    audit({ action: 'delete', entity: 'invite', entityId: invite.id, before: invite });
    announce({ kind: 'invite', id: invite.id });
    return invite;
  });
}
