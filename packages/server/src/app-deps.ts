import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import type { EventPublisher } from './events/event-publisher.js';
import type { InviteMailer } from './invites/invite-mailer.js';
import type { AttemptLimiter } from './http/attempt-limiter.js';

/** What route modules need from the app. */
export interface AppDeps {
  config: Config;
  db: Db;
  events: EventPublisher;
  mailer: InviteMailer | null;
  limiter: AttemptLimiter;
}
