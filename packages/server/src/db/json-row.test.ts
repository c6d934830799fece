import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { integerOf, integerOrNullOf, jsonArrayOf, jsonArrayText, textOf, textOrNullOf } from './json-row.js';

describeEachDialect('a row written as one JSON array text', (dialect) => {
  const database = useTestDatabase(dialect);

  it('reads back the texts, integers and nulls the database holds, awkward texts included', async () => {
    const { db } = database.current;
    const texts = ['say "hi"', 'back\\slash', 'tab\there\nline', 'ÜBER 😀', '\u0001\u001e', '[', ''];
    await db.schema
      .createTable('json_row_probe')
      .addColumn('n', 'integer')
      .addColumn('t', 'text')
      .addColumn('maybe', 'text')
      .execute();
    for (const [i, t] of texts.entries()) {
      const maybe = i % 2 === 0 ? null : t;
      await sql`insert into json_row_probe (n, t, maybe) values (${i - 3}, ${t}, ${maybe})`.execute(db);
    }
    const rows = await db
      .selectFrom(sql`json_row_probe`.as('p'))
      .select(jsonArrayText(db, [sql.ref('p.n'), sql.ref('p.t'), sql.ref('p.maybe')]).as('row'))
      .orderBy(sql`p.n`)
      .execute();
    const read = rows.map(({ row }) => {
      const [n, t, maybe] = jsonArrayOf(row, 3);
      return { n: integerOf(n), t: textOf(t), maybe: textOrNullOf(maybe) };
    });
    expect(read).toEqual(texts.map((t, i) => ({ n: i - 3, t, maybe: i % 2 === 0 ? null : t })));
  });
});

describe('reading a JSON row', () => {
  it('refuses a value of another type than the column holds', () => {
    expect(() => textOf(1)).toThrow(/not a text/);
    expect(() => textOf(null)).toThrow(/not a text/);
    expect(() => integerOf('1')).toThrow(/not an integer/);
    expect(() => integerOf(1.5)).toThrow(/not an integer/);
    expect(() => integerOrNullOf('x')).toThrow(/not an integer/);
    expect(integerOrNullOf(null)).toBeNull();
    expect(textOrNullOf(null)).toBeNull();
  });

  it('refuses a text that is not an array of the expected length', () => {
    expect(() => jsonArrayOf('{"a":1}', 1)).toThrow(/array of 1 values/);
    expect(() => jsonArrayOf('[1,2]', 3)).toThrow(/array of 3 values/);
    expect(jsonArrayOf('[1,"a",null]', 3)).toEqual([1, 'a', null]);
  });
});
