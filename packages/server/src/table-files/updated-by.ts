import type { Db } from '../db/database.js';
import { findAccountUsers, findMembersByIdOrEmail } from './updated-by-repository.js';

/**
 * How each `updatedBy` of an address export reads: a user the account knows by their e-mail; any
 * other text (a program such as "scanner HQ", or what an imported file said) as it is.
 */
export async function exportedAuthors(
  db: Db,
  accountId: string,
  values: Iterable<string>,
): Promise<Map<string, string>> {
  const users = await findAccountUsers(db, accountId, [...new Set(values)]);
  return new Map(users.map((user) => [user.id, user.email]));
}

/**
 * What an import stores for each `updatedBy` of its file: a member of the account, given by e-mail
 * (any case) or by id, as their user id; any other text as it is (a former colleague of another
 * system, a program). See docs/decisions.md, "Who changed an address, in files".
 */
export async function importedAuthors(
  db: Db,
  accountId: string,
  values: Iterable<string>,
): Promise<Map<string, string>> {
  const texts = [...new Set(values)];
  const keys = [...new Set(texts.flatMap((text) => [text, text.toLowerCase()]))];
  const members = await findMembersByIdOrEmail(db, accountId, keys);
  const byKey = new Map(
    members.flatMap((user) => [[user.id, user.id] as const, [user.email, user.id] as const]),
  );
  const stored = new Map<string, string>();
  for (const text of texts) {
    const id = byKey.get(text) ?? byKey.get(text.toLowerCase());
    if (id !== undefined) stored.set(text, id);
  }
  return stored;
}
