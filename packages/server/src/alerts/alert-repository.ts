import { randomUUID } from 'node:crypto';
import { alertResponse, type Alert } from '@ipam/core/api/alert';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';

/** An alert as a command writes it: what it is about; the id, time and subnet's name come with it. */
export type AlertContent = Alert extends infer A
  ? A extends Alert
    ? Omit<A, 'id' | 'subnetName' | 'cidr' | 'createdAt'>
    : never
  : never;

/** Where a page of alerts starts: after this alert (newest first). */
export interface AlertPosition {
  createdAt: string;
  id: string;
}

/** Writes the alerts of one account in the change's transaction; their ids, in the order given. */
export async function insertAlerts(
  trx: Db,
  accountId: string,
  alerts: readonly AlertContent[],
  createdAt: string,
): Promise<string[]> {
  const rows = alerts.map((alert) => ({
    id: randomUUID(),
    account_id: accountId,
    subnet_id: alert.subnetId,
    ip_address: alert.ipAddress,
    kind: alert.kind,
    details_json: JSON.stringify(alert.details),
    created_at: createdAt,
  }));
  for (const chunk of chunksOf(rows)) await trx.insertInto('alerts').values(chunk).execute();
  return rows.map((row) => row.id);
}

/** The columns an alert is read with, its subnet's name and network joined. */
function selectAlerts(db: Db) {
  return db
    .selectFrom('alerts')
    .innerJoin('subnets', 'subnets.id', 'alerts.subnet_id')
    .select([
      'alerts.id',
      'alerts.account_id',
      'alerts.subnet_id',
      'alerts.ip_address',
      'alerts.kind',
      'alerts.details_json',
      'alerts.created_at',
      'subnets.name',
      'subnets.network_ip',
      'subnets.prefix_length',
    ]);
}

type AlertRow = Awaited<ReturnType<ReturnType<typeof selectAlerts>['execute']>>[number];

/** The stored row as the API shows it (the details are parsed by core's schema: stored JSON is input). */
function alertOf(row: AlertRow): Alert {
  return alertResponse.parse({
    id: row.id,
    kind: row.kind,
    subnetId: row.subnet_id,
    subnetName: row.name,
    cidr: `${row.network_ip}/${Number(row.prefix_length)}`,
    ipAddress: row.ip_address,
    createdAt: row.created_at,
    details: JSON.parse(row.details_json) as unknown,
  });
}

/** Up to `limit` alerts of the account after `after`, newest first (one more tells whether a page follows). */
export async function pageAlerts(
  db: Db,
  accountId: string,
  options: { after?: AlertPosition | undefined; limit: number },
): Promise<Alert[]> {
  let query = selectAlerts(db).where('alerts.account_id', '=', accountId);
  const { after } = options;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('alerts.created_at', '<', after.createdAt),
        eb.and([eb('alerts.created_at', '=', after.createdAt), eb('alerts.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('alerts.created_at', 'desc')
    .orderBy('alerts.id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map(alertOf);
}

/** How many alerts of each kind each account of the member got in (`from`, `to`]. */
export async function countMemberAlertsBetween(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<{ accountId: string; kind: string; count: number }[]> {
  const rows = await db
    .selectFrom('alerts')
    .innerJoin('users_accounts', 'users_accounts.account_id', 'alerts.account_id')
    .select(['alerts.account_id', 'alerts.kind', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('users_accounts.user_id', '=', userId)
    .where('alerts.created_at', '>', from)
    .where('alerts.created_at', '<=', to)
    .groupBy(['alerts.account_id', 'alerts.kind'])
    .execute();
  return rows.map((row) => ({ accountId: row.account_id, kind: row.kind, count: Number(row.n) }));
}

/** The first `limit` alerts of an account written in (`from`, `to`], oldest first (a digest's list). */
export async function listAlertsBetween(
  db: Db,
  accountId: string,
  from: string,
  to: string,
  limit: number,
): Promise<Alert[]> {
  const rows = await selectAlerts(db)
    .where('alerts.account_id', '=', accountId)
    .where('alerts.created_at', '>', from)
    .where('alerts.created_at', '<=', to)
    .orderBy('alerts.created_at')
    .orderBy('alerts.id')
    .limit(limit)
    .execute();
  return rows.map(alertOf);
}
