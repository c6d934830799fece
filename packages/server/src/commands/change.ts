import type { LiveEvent } from '@ipam/core/api/live-event';
import type { AccountRecord } from '../accounts/account-repository.js';
import { recordAudits, type AuditEntry } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import type { EventPublisher } from '../events/event-publisher.js';
import type { IdempotencyFence } from '../idempotency/idempotency-fence.js';
import type { ChangeEvent } from '../outbox/change-occurrences.js';
import type { OutboxItemInput } from '../outbox/outbox-item.js';
import { writeChangeOutbox } from '../outbox/outbox-producers.js';
import { wakeOutboxWorkers } from '../outbox/outbox-wake.js';

/** Where a command reports what went wrong after its commit (a pino logger fits). */
export interface ChangeLog {
  warn(details: object, message: string): void;
}

/**
 * Who changes what where: the database, the account (read fresh this request), the acting user, and
 * where its live events and problems go. It knows nothing of HTTP, nor of any outlet a command alone
 * uses (a command that mails takes its mailer itself): routes, the CLI and tests build one the same way.
 */
export interface ChangeContext {
  db: Db;
  account: AccountRecord;
  /** The acting user; null for a change no user made (a scanner's), which `actor` then names. */
  userId: string | null;
  /** Who acted when no user did, as the audit log shows it (e.g. "scanner HQ"). */
  actor?: string;
  events: EventPublisher;
  log?: ChangeLog;
  /**
   * The Idempotency-Key the request claimed, when it sent one to an idempotent route: every change
   * confirms it in its transaction (and rolls back should the key have been taken over meanwhile).
   */
  idempotency?: IdempotencyFence;
}

/**
 * Who a written address row says changed it: the user's id, or when no user acted, the program
 * (e.g. "scanner HQ"), so exports can name it (docs/decisions.md, "Who changed an address, in files").
 */
export function rowAuthor(ctx: Pick<ChangeContext, 'userId' | 'actor'>): string | null {
  return ctx.userId ?? ctx.actor ?? null;
}

/** The context of a change a signed-in user makes (every account route's). */
export type UserChangeContext = ChangeContext & { userId: string };

/** An audit entry of the change; the account and the actor come from the context. */
export type ChangeAudit = Omit<AuditEntry, 'accountId' | 'userId'>;

/** What a command does inside its transaction besides its own writes. */
export interface Change {
  /** The open transaction: every read and write of the command goes through it. */
  trx: Db;
  /** Records audit entries (written in the same transaction, in multi-row statements at its end). */
  audit(entries: ChangeAudit | readonly ChangeAudit[]): void;
  /** A live event, published to the account's members once the transaction has committed. */
  announce(event: LiveEvent): void;
  /**
   * An effect of the command for after the commit (an e-mail it sends): run in order once the
   * transaction has committed, never for a rolled-back change; a failure is logged, never undoes it.
   */
  afterCommit(task: () => Promise<void>): void;
  /**
   * A domain event no audit entry carries (an approval entry created, a scan finished), for the
   * outbox's producers (webhooks); written to the outbox in the same transaction.
   */
  emit(events: ChangeEvent | readonly ChangeEvent[]): void;
  /** An item for the durable outbox, written in the same transaction and sent after the commit. */
  enqueue(item: OutboxItemInput): void;
}

function isList<T extends object>(entries: T | readonly T[]): entries is readonly T[] {
  return Array.isArray(entries);
}

/**
 * The one shape of every write command: run `work` in a transaction, write its audit entries in that
 * transaction, turn what it did into outbox items (webhook deliveries, …) in that transaction too,
 * and only after the commit publish its live events, wake the outbox workers and run its after-commit
 * work. Nothing is announced, mailed or sent for a change that rolled back. (A publisher may send its
 * events with the transaction, `publishWithin`, when its transport delivers them only at the commit.)
 */
export async function runChange<T>(ctx: ChangeContext, work: (change: Change) => Promise<T>): Promise<T> {
  const events: LiveEvent[] = [];
  const tasks: (() => Promise<void>)[] = [];
  let outboxItems = 0;
  let deliver = () => events.forEach((event) => ctx.events.publish(ctx.account.id, event));
  const result = await ctx.db.transaction().execute(async (trx) => {
    const audits: ChangeAudit[] = [];
    const emitted: ChangeEvent[] = [];
    const enqueued: OutboxItemInput[] = [];
    const value = await work({
      trx,
      audit: (entries) => {
        if (isList(entries)) for (const entry of entries) audits.push(entry);
        else audits.push(entries);
      },
      announce: (event) => events.push(event),
      afterCommit: (task) => tasks.push(task),
      emit: (list) => {
        if (isList(list)) for (const event of list) emitted.push(event);
        else emitted.push(list);
      },
      enqueue: (item) => enqueued.push(item),
    });
    await recordAudits(
      trx,
      audits.map((entry) => ({ ...entry, accountId: ctx.account.id, userId: ctx.userId, actor: ctx.actor })),
    );
    outboxItems = await writeChangeOutbox(trx, ctx.account.id, { audits, emitted }, enqueued);
    if (events.length > 0 && ctx.events.publishWithin) {
      deliver = await ctx.events.publishWithin(trx, ctx.account.id, events);
    }
    // Last, so the key's row is locked only for the commit (a retry elsewhere then finds it written).
    await ctx.idempotency?.confirm(trx);
    return value;
  });
  if (outboxItems > 0) wakeOutboxWorkers();
  deliver();
  for (const task of tasks) {
    await task().catch((error: unknown) => ctx.log?.warn({ err: error }, 'after-commit work failed'));
  }
  return result;
}
