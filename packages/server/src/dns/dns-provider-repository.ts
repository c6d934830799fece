import type { DnsProviderKind } from '@ipam/core/schemas/dns-schemas';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DnsProvidersTable } from '../db/schema.js';
import type { TsigAlgorithm } from './tsig.js';

/** A stored DNS provider, secret included: never answered by the API nor logged. */
export interface DnsProviderRecord {
  id: string;
  accountId: string;
  name: string;
  kind: DnsProviderKind;
  endpoint: string;
  tsigKeyName: string | null;
  tsigAlgorithm: TsigAlgorithm | null;
  secret: string;
  updatedDate: string;
}

function toProvider(row: Selectable<DnsProvidersTable>): DnsProviderRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    // Written only through core's schemas.
    kind: row.kind as DnsProviderKind,
    endpoint: row.endpoint,
    tsigKeyName: row.tsig_key_name,
    tsigAlgorithm: row.tsig_algorithm as TsigAlgorithm | null,
    secret: row.secret,
    updatedDate: row.updated_date,
  };
}

/** The account's providers by name. */
export async function listDnsProviders(db: Db, accountId: string): Promise<DnsProviderRecord[]> {
  const rows = await db
    .selectFrom('dns_providers')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('name')
    .execute();
  return rows.map(toProvider);
}

/** One provider of the account, or null (another account's is null too). */
export async function findDnsProvider(
  db: Db,
  accountId: string,
  id: string,
): Promise<DnsProviderRecord | null> {
  const row = await db
    .selectFrom('dns_providers')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toProvider(row) : null;
}

/** Stores a new provider. */
export async function insertDnsProvider(db: Db, provider: DnsProviderRecord): Promise<void> {
  await db
    .insertInto('dns_providers')
    .values({
      id: provider.id,
      account_id: provider.accountId,
      name: provider.name,
      kind: provider.kind,
      endpoint: provider.endpoint,
      tsig_key_name: provider.tsigKeyName,
      tsig_algorithm: provider.tsigAlgorithm,
      secret: provider.secret,
      created_at: provider.updatedDate,
      updated_date: provider.updatedDate,
    })
    .execute();
}

/** Rewrites a provider's fields (the secret as given: the caller keeps the old one when none was sent). */
export async function updateDnsProvider(db: Db, provider: DnsProviderRecord): Promise<void> {
  await db
    .updateTable('dns_providers')
    .set({
      name: provider.name,
      kind: provider.kind,
      endpoint: provider.endpoint,
      tsig_key_name: provider.tsigKeyName,
      tsig_algorithm: provider.tsigAlgorithm,
      secret: provider.secret,
      updated_date: provider.updatedDate,
    })
    .where('account_id', '=', provider.accountId)
    .where('id', '=', provider.id)
    .execute();
}

/** Deletes a provider of the account. */
export async function deleteDnsProvider(db: Db, accountId: string, id: string): Promise<void> {
  await db.deleteFrom('dns_providers').where('account_id', '=', accountId).where('id', '=', id).execute();
}
