import { describe, expect, it } from 'vitest';
import { sortKeyOf } from './address-keys.js';
import { storedJsonOfPieces } from './address-json-repository.js';

const RS = '\u001e';

/** Stored rows of IPv4 addresses from `first`, `count` of them: their keys and JSON texts. */
function rowsFrom(first: number, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const key = sortKeyOf(4, BigInt(first + i));
    // JSON texts that hold what could be mistaken for a key or a piece start.
    return { key, json: JSON.stringify({ n: first + i, note: `[${key}]` }) };
  });
}

/** The texts of pieces of 16 rows, as PostgreSQL's `rangeJson` writes them. */
function piecesOf(rows: { key: string; json: string }[]) {
  const pieces: string[] = [];
  for (let i = 0; i < rows.length; i += 16) {
    pieces.push(
      rows
        .slice(i, i + 16)
        .map((row) => row.key + row.json)
        .join(RS),
    );
  }
  return pieces;
}

describe('the stored rows of a page read in pieces', () => {
  const rows = rowsFrom(0x0a000000, 50);
  const expected = { keys: rows.map((row) => row.key), json: rows.map((row) => row.json) };

  it('come in address order whatever order the pieces arrive in', () => {
    const pieces = piecesOf(rows).reverse();
    expect(storedJsonOfPieces(pieces, 4)).toEqual(expected);
  });

  it('come in address order when the engine wrote a piece out of index order', () => {
    const shuffled = [...rows];
    // The engine may aggregate in another order than the index's: the first piece's rows reversed.
    shuffled.splice(0, 16, ...rows.slice(0, 16).reverse());
    expect(storedJsonOfPieces(piecesOf(shuffled), 4)).toEqual(expected);
  });

  it('are one text on SQLite, and none when nothing is stored', () => {
    const one = rows.map((row) => row.key + row.json).join(RS);
    expect(storedJsonOfPieces([one], 4)).toEqual(expected);
    expect(storedJsonOfPieces([], 4)).toEqual({ keys: [], json: [] });
  });
});
