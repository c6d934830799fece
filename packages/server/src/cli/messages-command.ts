import type { Db } from '../db/database.js';
import { listSupportMessages } from '../support/support-repository.js';
import type { Write } from './cli-database.js';

/** `ipam admin messages [--limit N]`: the latest messages of the built-in support and feedback forms. */
export async function listMessages(db: Db, args: readonly string[], out: Write, err: Write): Promise<number> {
  const index = args.indexOf('--limit');
  const limitText = index < 0 ? '50' : args[index + 1];
  if (limitText === undefined || !/^\d+$/.test(limitText) || Number(limitText) < 1) {
    err('ipam admin messages: --limit must be a whole number of at least 1\n');
    return 2;
  }
  const stored = await listSupportMessages(db, Number(limitText));
  if (stored.length === 0) {
    out('No support or feedback messages.\n');
    return 0;
  }
  for (const m of stored) {
    out(
      `${m.receivedAt}  ${m.kind}  from ${m.email ?? m.userId}  account ${m.accountId ?? '-'}  id ${m.id}\n`,
    );
    if (m.subject) out(`Subject: ${m.subject}\n`);
    out(`${m.message}\n\n`);
  }
  return 0;
}
