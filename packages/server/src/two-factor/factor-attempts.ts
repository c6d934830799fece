import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import type { AttemptLimiter } from '../http/attempt-limiter.js';

/** The refusals that mean a wrong proof (a code, a password, a passkey), counted by the code limits. */
const wrongProofCodes = new Set(['code_invalid', 'wrong_password', 'passkey_invalid']);

/**
 * Runs a factor check under the code limits of (client, user): a wrong proof counts, too many is 429
 * with Retry-After. `userId` null: the user is not known yet (a passkey of nobody), the client counts.
 */
export async function withCodeLimits<T>(
  limiter: AttemptLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string | null,
  check: () => Promise<T>,
): Promise<T> {
  const wait = await limiter.beforeCode(request.ip, userId);
  if (wait !== null) {
    reply.header('retry-after', Math.ceil(wait / 1000));
    throw new DomainError('rate_limited', messages.tooManyAttempts);
  }
  return check().catch(async (error: unknown) => {
    if (error instanceof DomainError && wrongProofCodes.has(error.code)) {
      await limiter.codeFailed(request.ip, userId);
    }
    throw error;
  });
}
