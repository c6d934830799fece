import type { AccountRecord } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import type { EventPublisher } from '../events/event-publisher.js';

/** Who changes what where: the database, the account (read fresh this request), the user, events. */
export interface ChangeContext {
  db: Db;
  account: AccountRecord;
  userId: string;
  events: EventPublisher;
}
