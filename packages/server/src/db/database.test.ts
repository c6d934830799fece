import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTarget, openDatabase } from './database.js';

const dataDir = mkdtempSync(join(tmpdir(), 'ipam-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** SQLite's synchronous setting of a database opened for the configuration: 1 NORMAL, 2 FULL. */
async function synchronousOf(sqliteSynchronous?: 'full' | 'normal'): Promise<number> {
  const db = openDatabase(databaseTarget({ databaseUrl: null, dataDir, sqliteSynchronous }));
  try {
    const result = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    return result.rows[0]?.synchronous ?? -1;
  } finally {
    await db.destroy();
  }
}

describe('SQLite durability (issue 19)', () => {
  it('syncs every commit (FULL) unless the operator trades it for speed (NORMAL)', async () => {
    expect(await synchronousOf()).toBe(2);
    expect(await synchronousOf('full')).toBe(2);
    expect(await synchronousOf('normal')).toBe(1);
  });

  it('keeps WAL mode and foreign keys either way', async () => {
    const db = openDatabase(databaseTarget({ databaseUrl: null, dataDir, sqliteSynchronous: 'normal' }));
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      expect(keys.rows[0]?.foreign_keys).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
