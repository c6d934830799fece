import type { Db } from '../db/database.js';

/** Stores a message sent through the built-in support or feedback form. */
export async function insertSupportMessage(
  db: Db,
  message: {
    id: string;
    userId: string;
    accountId: string | null;
    kind: string;
    subject: string | null;
    message: string;
    receivedAt: string;
  },
): Promise<void> {
  await db
    .insertInto('support_messages')
    .values({
      id: message.id,
      user_id: message.userId,
      account_id: message.accountId,
      kind: message.kind,
      subject: message.subject,
      message: message.message,
      received_at: message.receivedAt,
    })
    .execute();
}

/** A stored support or feedback message as operators read it. */
export interface StoredSupportMessage {
  id: string;
  userId: string;
  email: string | null;
  accountId: string | null;
  kind: string;
  subject: string | null;
  message: string;
  receivedAt: string;
}

/** The latest support messages, newest first, with the sender's e-mail (for operators). */
export async function listSupportMessages(db: Db, limit: number): Promise<StoredSupportMessage[]> {
  return db
    .selectFrom('support_messages')
    .leftJoin('users', 'users.id', 'support_messages.user_id')
    .select([
      'support_messages.id',
      'support_messages.user_id as userId',
      'users.email',
      'support_messages.account_id as accountId',
      'support_messages.kind',
      'support_messages.subject',
      'support_messages.message',
      'support_messages.received_at as receivedAt',
    ])
    .orderBy('support_messages.received_at', 'desc')
    .orderBy('support_messages.id')
    .limit(limit)
    .execute();
}
