import { messages } from '@ipam/core/messages';
import type { SharedStringTable } from './shared-strings.js';
import { MAX_CELL_TEXT_CHARS, MAX_SHEET_ROWS, MAX_XML_PIECE_CHARS, tooLarge } from './xlsx-limits.js';
import { pieceTooLarge, type XmlEvent } from './xlsx-xml.js';

/** Columns of a worksheet (A to XFD). */
const MAX_COLUMNS = 16_384;

/** The 0-based column of a cell reference such as `AB12`, or null when it has none. */
function columnOf(reference: string | undefined): number | null {
  const letters = reference === undefined ? null : /^[A-Za-z]{1,3}/.exec(reference)?.[0];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

/** A cell being read: its column, type (`t`), its `<v>` text and its inline string's text. */
interface CellInProgress {
  column: number;
  type: string;
  value: string;
  inline: string;
}

/** The text of a cell as a CSV would hold it: strings as written, numbers and flags written out. */
function cellText(cell: CellInProgress, strings: SharedStringTable): string {
  const value = cell.value.trim();
  switch (cell.type) {
    case 's':
      return value === '' ? '' : strings.get(Number(value));
    case 'inlineStr':
      return cell.inline === '' ? cell.value : cell.inline;
    case 'str':
    case 'e':
    case 'd':
      return cell.value;
    case 'b':
      return value === '' ? '' : String(Number.parseInt(value, 10) !== 0);
    default: {
      const number = Number.parseFloat(value);
      return Number.isFinite(number) ? String(number) : value;
    }
  }
}

/**
 * The rows of a worksheet part as text cells placed by their column (gaps are empty cells), empty
 * rows left out. Formulas give their stored result. The text handed over in all is counted: past
 * MAX_CELL_TEXT_CHARS (a cell that refers to a long shared string many times) it is a 413; so are
 * the rows, empty ones included: past MAX_SHEET_ROWS a sheet of empty rows stops being read.
 */
export async function* sheetRows(
  events: AsyncIterable<XmlEvent[]>,
  strings: SharedStringTable,
): AsyncGenerator<string[]> {
  let row: (string | undefined)[] | null = null;
  let lastColumn = -1;
  let cell: CellInProgress | null = null;
  let target: 'value' | 'inline' | null = null;
  let isInInline = false;
  let phoneticDepth = 0;
  let handedOver = 0;
  let rowsOpened = 0;
  for await (const batch of events) {
    const done: string[][] = [];
    for (const event of batch) {
      if (event.kind === 'open') {
        switch (event.name) {
          case 'row':
            rowsOpened += 1;
            if (rowsOpened > MAX_SHEET_ROWS) throw tooLarge(messages.importSheetTooManyRows(MAX_SHEET_ROWS));
            row = [];
            lastColumn = -1;
            break;
          case 'c':
            if (row === null) break;
            lastColumn = columnOf(event.attributes.get('r')) ?? lastColumn + 1;
            // Past XFD is no spreadsheet (and would let one row grow without end).
            if (lastColumn >= MAX_COLUMNS) throw new Error('a cell is past the last column');
            cell = { column: lastColumn, type: event.attributes.get('t') ?? 'n', value: '', inline: '' };
            break;
          case 'v':
            if (cell) target = 'value';
            break;
          case 'is':
            isInInline = cell !== null;
            break;
          case 't':
            if (isInInline && phoneticDepth === 0) target = 'inline';
            break;
          case 'rPh':
            phoneticDepth += 1;
            break;
        }
      } else if (event.kind === 'text') {
        if (cell && target) {
          cell[target] += event.text;
          if (cell[target].length > MAX_XML_PIECE_CHARS) throw pieceTooLarge();
        }
      } else {
        switch (event.name) {
          case 'v':
          case 't':
            target = null;
            break;
          case 'is':
            isInInline = false;
            break;
          case 'rPh':
            phoneticDepth -= 1;
            break;
          case 'c':
            if (row && cell) {
              const text = cellText(cell, strings);
              handedOver += text.length;
              if (handedOver > MAX_CELL_TEXT_CHARS) {
                throw tooLarge(messages.importCellsTooLarge(MAX_CELL_TEXT_CHARS / (1024 * 1024)));
              }
              if (text !== '') row[cell.column] = text;
            }
            cell = null;
            break;
          case 'row':
            if (row && row.length > 0) done.push(Array.from(row, (text) => text ?? ''));
            row = null;
            break;
        }
      }
    }
    yield* done;
  }
}
