import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import type { AppDeps } from '../app-deps.js';
import { DomainError } from '../errors/domain-error.js';
import { publishAcceptedInvites } from '../invites/accept-invites.js';
import type { completeLogIn } from './log-in.js';
import { loadMe, type Me } from './me.js';
import { accountCookie, setAccountCookie, setSessionCookie } from './session-cookies.js';
import { endSession, startSession } from './sessions.js';
import { clientOf } from './request-context.js';

/**
 * The end of every sign-in (password alone, or password then code): a fresh session id (any session
 * the browser carried before ends), the account to open, its cookie, and `Me`.
 */
export async function openSession(
  deps: Pick<AppDeps, 'db' | 'config' | 'events'>,
  request: FastifyRequest,
  reply: FastifyReply,
  completed: Awaited<ReturnType<typeof completeLogIn>>,
): Promise<Me> {
  const { db, config, events } = deps;
  const { userId, accepted, openedAccountId } = completed;
  publishAcceptedInvites(events, userId, accepted);
  if (request.auth) await endSession(db, request.auth.token);
  setSessionCookie(reply, await startSession(db, userId, clientOf(request)), config.publicUrl);
  // Through an invite link the inviting account opens; else the one this browser or the user last chose.
  const me = await loadMe(db, userId, openedAccountId ?? request.cookies[accountCookie]);
  if (!me) throw new DomainError('not_signed_in', messages.notAuthenticated);
  // The account kept on the server becomes this browser's too (support messages are tagged by it).
  if (me.currentAccountId) setAccountCookie(reply, me.currentAccountId, config.publicUrl);
  return me;
}
