import { messages } from '@ipam/core/messages';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { confirmClaim, type IdempotencyClaim } from './idempotency-repository.js';

/**
 * A running request's claimed Idempotency-Key as its write commands see it: each change confirms it
 * in its own transaction, so a write commits only while the key is still this request's, and a retry
 * after a crash can tell a key whose write committed (never run again) from one whose did not.
 */
export interface IdempotencyFence {
  /** In the change's transaction: throws 409 (rolling the change back) when another request took the key over. */
  confirm(trx: Db): Promise<void>;
  /** Called once the request has answered: work it left running (an import) confirms nothing more. */
  close(): void;
}

/** The fence of a claim this request made. */
export function idempotencyFence(
  claim: IdempotencyClaim,
  clock: () => Date = () => new Date(),
): IdempotencyFence {
  let isOpen = true;
  return {
    async confirm(trx) {
      if (!isOpen) return;
      if (!(await confirmClaim(trx, claim, clock()))) {
        throw new DomainError('idempotency_in_progress', messages.idempotencyInProgress);
      }
    },
    close() {
      isOpen = false;
    },
  };
}
