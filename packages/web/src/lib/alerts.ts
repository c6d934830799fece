import type { Alert, AlertPage } from '@ipam/core/api/alert';
import { alertRoutes } from '@ipam/core/api/routes/alerts';
import { ipViewPath } from '../config/ip-view-url.js';
import { call } from './api-client.js';

/** The account's newest alerts (a page of `limit`). */
export function getAlerts(accountId: string, limit: number): Promise<AlertPage> {
  return call(alertRoutes.list, { params: { accountId }, query: { limit } });
}

/** The IP view opened at the alert's address. */
export function alertPath(alert: Pick<Alert, 'subnetId' | 'ipAddress'>): string {
  return ipViewPath({ subnet: alert.subnetId, at: alert.ipAddress });
}

/** Where a list of alerts was read up to: its newest alert. */
export type AlertMark = Pick<Alert, 'id' | 'createdAt'>;

/** Whether alert `a` comes after `mark` in the server's order (time, then id). */
function isAfter(a: AlertMark, mark: AlertMark): boolean {
  return a.createdAt > mark.createdAt || (a.createdAt === mark.createdAt && a.id > mark.id);
}

/** The alerts of a newest-first list written after `mark` (all of them when nothing was read before). */
export function alertsAfter(items: readonly Alert[], mark: AlertMark | null): Alert[] {
  if (mark === null) return [...items];
  return items.filter((item) => item.id !== mark.id && isAfter(item, mark));
}

const listeners = new Set<(accountId: string) => void>();

/** Tells the listeners that the account has new alerts (its event stream announced some). */
export function signalAlerts(accountId: string): void {
  for (const listener of listeners) listener(accountId);
}

/** Calls `listener` with the account whenever new alerts are announced; returns how to stop. */
export function onAlertSignal(listener: (accountId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
