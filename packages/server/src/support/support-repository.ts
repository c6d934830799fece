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

/** The latest support messages, newest first (for operators). */
export async function listSupportMessages(
  db: Db,
  limit: number,
): Promise<{ id: string; userId: string; kind: string; subject: string | null; message: string }[]> {
  return db
    .selectFrom('support_messages')
    .select(['id', 'user_id as userId', 'kind', 'subject', 'message'])
    .orderBy('received_at', 'desc')
    .limit(limit)
    .execute();
}
