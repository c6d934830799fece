import { messages } from '@ipam/core/messages';
import { Transform } from 'node:stream';
import { DomainError } from '../errors/domain-error.js';

const MiB = 1024 * 1024;

/** Most bytes the parts one .xlsx import reads may unpack to, whatever the file's size. */
export const MAX_UNPACKED_BYTES = 256 * MiB;
/** Most bytes the parts read may unpack to per byte of the uploaded file (real workbooks: 2–15×). */
export const MAX_UNPACK_RATIO = 20;
/** What any file may unpack to regardless of the ratio (the small parts of a tiny workbook). */
const MIN_UNPACK_ALLOWANCE = MiB;
/** Most files inside the zip (a workbook has a dozen; a few per extra sheet or picture). */
export const MAX_ZIP_ENTRIES = 10_000;
/** Most strings in the shared-strings table (five per row of the largest import). */
export const MAX_SHARED_STRINGS = 1_000_000;
/** Most UTF-8 bytes of text in the shared-strings table. */
export const MAX_SHARED_STRING_BYTES = 32 * MiB;
/** Longest tag, text run or cell, in characters (a spreadsheet cell holds at most 32,767). */
export const MAX_XML_PIECE_CHARS = MiB;
/** Most characters in all the cells one .xlsx import hands over (no more than a CSV body can hold). */
export const MAX_CELL_TEXT_CHARS = 32 * MiB;

/**
 * Most XML elements one import parses over all its parts. Parsing costs per element, so this bounds
 * the CPU time of a file of millions of tiny tags (250 MB of `<row/>` took 122 s to read). The largest
 * import (200,000 rows of five cells and a million shared strings) has about 4.2 million.
 */
export const MAX_XML_ELEMENTS = 8_000_000;
/**
 * Most `<row>` elements in the worksheet, empty ones included: twice the rows an import takes, so a
 * sheet of formatted empty rows below the data still reads, and one of millions does not.
 */
export const MAX_SHEET_ROWS = 400_000;

/** A 413 naming the limit that was passed. */
export function tooLarge(message: string): DomainError {
  return new DomainError('payload_too_large', message);
}

/**
 * The bytes one import may unpack: `MAX_UNPACK_RATIO` times the file's size (at least 1 MiB), and
 * never more than `MAX_UNPACKED_BYTES`, counted over every part read; and the XML elements it may
 * parse (MAX_XML_ELEMENTS).
 */
export class UnpackBudget {
  private readonly allowance: number;
  private used = 0;
  private elements = 0;

  constructor(fileBytes: number) {
    this.allowance = Math.min(
      MAX_UNPACKED_BYTES,
      Math.max(MIN_UNPACK_ALLOWANCE, fileBytes * MAX_UNPACK_RATIO),
    );
  }

  /** Refuses a part whose declared size alone does not fit (before unpacking any of it). */
  checkDeclared(bytes: number): void {
    if (this.used + bytes > this.allowance) throw this.exceeded();
  }

  /** A stream that counts what passes through it against the budget and fails with a 413 past it. */
  meter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.used += chunk.length;
        if (this.used > this.allowance) done(this.exceeded());
        else done(null, chunk);
      },
    });
  }

  /** Counts XML elements parsed (any part) against MAX_XML_ELEMENTS: past it, a 413. */
  countElements(count: number): void {
    this.elements += count;
    if (this.elements > MAX_XML_ELEMENTS) throw tooLarge(messages.importTooManyElements(MAX_XML_ELEMENTS));
  }

  private exceeded(): DomainError {
    return tooLarge(messages.importUnpacksTooLarge(MAX_UNPACK_RATIO, MAX_UNPACKED_BYTES / MiB));
  }
}
