import { sortKeyOf } from '../addresses/address-keys.js';
import type { SubnetRef } from '../addresses/address-repository.js';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';

/** What a scanner saw of an address, as one comparable text (alive, recorded status, hostname, MAC). */
export function observationOf(alive: boolean, status: string, hostname: string, mac: string | null): string {
  return JSON.stringify([alive, status, hostname, mac ?? '']);
}

/** The ignored observations of these addresses, by value. */
export async function findIgnores(
  db: Db,
  subnet: SubnetRef,
  values: readonly bigint[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const chunk of chunksOf(values)) {
    const rows = await db
      .selectFrom('approval_ignores')
      .select(['sort_key', 'observation'])
      .where('subnet_id', '=', subnet.id)
      .where(
        'sort_key',
        'in',
        chunk.map((value) => sortKeyOf(subnet.version, value)),
      )
      .execute();
    for (const row of rows) found.set(row.sort_key, row.observation);
  }
  return found;
}

/** An ignored observation to remember. */
export interface IgnoreEntry {
  value: bigint;
  ipAddress: string;
  observation: string;
}

/** Remembers ignored observations (replacing an older one of the same address). */
export async function rememberIgnores(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  entries: readonly IgnoreEntry[],
  ignoredAt: string,
): Promise<void> {
  await forgetIgnores(
    db,
    subnet,
    entries.map((entry) => entry.value),
  );
  for (const chunk of chunksOf(entries)) {
    await db
      .insertInto('approval_ignores')
      .values(
        chunk.map((entry) => ({
          account_id: accountId,
          subnet_id: subnet.id,
          sort_key: sortKeyOf(subnet.version, entry.value),
          ip_address: entry.ipAddress,
          observation: entry.observation,
          ignored_at: ignoredAt,
        })),
      )
      .execute();
  }
}

/** Forgets the ignored observations of these addresses (a person edited them, or the scanner saw another). */
export async function forgetIgnores(db: Db, subnet: SubnetRef, values: readonly bigint[]): Promise<void> {
  for (const chunk of chunksOf(values)) {
    await db
      .deleteFrom('approval_ignores')
      .where('subnet_id', '=', subnet.id)
      .where(
        'sort_key',
        'in',
        chunk.map((value) => sortKeyOf(subnet.version, value)),
      )
      .execute();
  }
}

/** Forgets every ignored observation of the subnet (its scanning is switched off, or it is deleted). */
export async function forgetAllIgnores(db: Db, subnetId: string): Promise<void> {
  await db.deleteFrom('approval_ignores').where('subnet_id', '=', subnetId).execute();
}
