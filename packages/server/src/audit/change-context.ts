import type { FastifyRequest } from 'fastify';
import type { AccountRecord } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { requireAccount, requireAuth } from '../http/request-context.js';

/** Who changes what where: the database, the account (read fresh this request), the user, events. */
export interface ChangeContext {
  db: Db;
  account: AccountRecord;
  userId: string;
  events: EventPublisher;
}

/** The change context of an account-scoped request: its account and signed-in user. */
export function changeContextOf(
  request: FastifyRequest,
  deps: { db: Db; events: EventPublisher },
): ChangeContext {
  return {
    db: deps.db,
    account: requireAccount(request),
    userId: requireAuth(request).userId,
    events: deps.events,
  };
}
