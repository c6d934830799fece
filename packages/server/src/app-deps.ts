import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import type { EventPublisher } from './events/event-publisher.js';
import type { InviteMailer } from './invites/invite-mailer.js';
import type { AttemptLimiter } from './http/attempt-limiter.js';
import type { SecretBox } from './two-factor/secret-box.js';

/** What route modules need from the app. */
export interface AppDeps {
  config: Config;
  db: Db;
  events: EventPublisher;
  mailer: InviteMailer | null;
  limiter: AttemptLimiter;
  /** The time now in milliseconds: `Date.now`, or the fixed clock a test gives (TOTP codes, sign-in expiry). */
  now: () => number;
  /** Seals and opens stored second-factor secrets. */
  secrets: SecretBox;
}
