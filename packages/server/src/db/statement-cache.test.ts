import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

/** A cached handle on a fresh in-memory SQLite database with rows n = 0…4. */
function probe() {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('create table probe (n integer, label text)');
  const insert = sqlite.prepare('insert into probe values (?, ?)');
  for (let n = 0; n < 5; n++) insert.run(n, `n${n}`);
  return { sqlite, cached: withStatementCache(sqlite) };
}

describe('SQLite statement cache', () => {
  it('reuses a statement and answers each run with its own parameters', () => {
    const { cached } = probe();
    const text = 'select label from probe where n = ?';
    expect(cached.prepare(text)).toBe(cached.prepare(text));
    for (let n = 0; n < 5; n++) expect(cached.prepare(text).all([n])).toEqual([{ label: `n${n}` }]);
    expect(cached.prepare(text).all([9])).toEqual([]);
  });

  it('prepares a fresh statement while the cached one is still being stepped', () => {
    const { cached } = probe();
    const text = 'select n from probe order by n';
    const rows = cached.prepare(text).iterate([]);
    expect(rows.next().value).toEqual({ n: 0 });
    expect(cached.prepare(text).all([])).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })));
    expect([...rows]).toEqual([1, 2, 3, 4].map((n) => ({ n })));
  });

  it('sees a column added after the statement was first prepared', () => {
    const { sqlite, cached } = probe();
    const text = 'select * from probe where n = 0';
    expect(cached.prepare(text).all([])).toEqual([{ n: 0, label: 'n0' }]);
    sqlite.exec("alter table probe add column extra text default 'x'");
    expect(cached.prepare(text).all([])).toEqual([{ n: 0, label: 'n0', extra: 'x' }]);
  });

  it('answers the rows better-sqlite3 itself would: names, aliases, repeats, expressions, types', () => {
    const { sqlite, cached } = probe();
    sqlite.exec('create table kinds (i integer, r real, t text, b blob, z text)');
    sqlite.prepare('insert into kinds values (?, ?, ?, ?, ?)').run(7, 1.5, 'é', Buffer.from([1, 2]), null);
    const queries = [
      'select n, label from probe order by n',
      'select label as "name", n as "value", n + 1, upper(label) from probe where n > ? order by n',
      'select p.n, q.n, p.label from probe p join probe q on q.n = p.n + 1 order by p.n',
      'select i, r, t, b, z from kinds',
      'select count(*) as total from probe',
      'select * from kinds',
      'select n as "__proto__" from probe where n = 1',
    ];
    for (const text of queries) {
      const parameters = text.includes('?') ? [1] : [];
      const expected = sqlite.prepare(text).all(parameters);
      expect(cached.prepare(text).all(parameters), text).toEqual(expected);
      expect([...cached.prepare(text).iterate(parameters)], text).toEqual(expected);
      expect(cached.prepare(text).reader).toBe(true);
    }
    expect(cached.prepare('update probe set label = ? where n = ?').run(['x', 1]).changes).toBe(1);
  });

  it('keeps answering past the cache size', () => {
    const { cached } = probe();
    for (let i = 0; i < 700; i++) expect(cached.prepare(`select ${i} as i`).all([])).toEqual([{ i }]);
    expect(cached.prepare('select 3 as i').all([])).toEqual([{ i: 3 }]);
  });
});
