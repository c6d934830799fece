import { messages } from '@ipam/core/messages';
import { MAX_SHARED_STRING_BYTES, MAX_SHARED_STRINGS, MAX_XML_PIECE_CHARS, tooLarge } from './xlsx-limits.js';
import { pieceTooLarge, type XmlEvent } from './xlsx-xml.js';

const PAGE_BYTES = 1024 * 1024;

/**
 * A workbook's shared strings, capped (`MAX_SHARED_STRINGS` strings, `MAX_SHARED_STRING_BYTES` of
 * text: a 413 past either) and stored compactly: the UTF-8 bytes back to back in 1 MiB pages outside
 * the JS heap, and one end offset per string. A million strings as JS strings would cost ~40 bytes
 * of heap each before their text; here the table is at most 32 MiB of pages plus 4 MiB of offsets.
 * A cell that refers to a string decodes it again (a new JS string each time), so what cells may
 * hand over in all is counted where they are read (MAX_CELL_TEXT_CHARS).
 */
export class SharedStringTable {
  private readonly pages: Buffer[] = [];
  private ends = new Uint32Array(1024);
  private count = 0;
  private bytes = 0;

  get size(): number {
    return this.count;
  }

  /** Appends the next string (its index is the previous size). */
  add(text: string): void {
    if (this.count >= MAX_SHARED_STRINGS) {
      throw tooLarge(messages.importTooManySharedStrings(MAX_SHARED_STRINGS));
    }
    const size = Buffer.byteLength(text, 'utf8');
    if (this.bytes + size > MAX_SHARED_STRING_BYTES) {
      throw tooLarge(messages.importSharedStringsTooLarge(MAX_SHARED_STRING_BYTES / (1024 * 1024)));
    }
    const offset = this.bytes % PAGE_BYTES;
    const page = this.pages.at(-1);
    if (page && offset > 0 && size <= PAGE_BYTES - offset) {
      page.write(text, offset, 'utf8'); // the usual case: no copy made
      this.bytes += size;
    } else {
      this.append(Buffer.from(text, 'utf8'));
    }
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(Math.min(this.ends.length * 2, MAX_SHARED_STRINGS));
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count] = this.bytes;
    this.count += 1;
  }

  /** Copies bytes in at the end, starting new pages as they fill (a string may span pages). */
  private append(encoded: Buffer): void {
    let copied = 0;
    while (copied < encoded.length) {
      const offset = this.bytes % PAGE_BYTES;
      let page = this.pages.at(-1);
      if (offset === 0 || !page) {
        page = Buffer.allocUnsafe(PAGE_BYTES);
        this.pages.push(page);
      }
      const n = encoded.copy(page, offset, copied);
      copied += n;
      this.bytes += n;
    }
  }

  /** The string at `index`; an index the table does not hold reads as empty. */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return '';
    const start = index === 0 ? 0 : (this.ends[index - 1] ?? 0);
    const end = this.ends[index] ?? 0;
    if (start === end) return '';
    const first = Math.floor(start / PAGE_BYTES);
    const last = Math.floor((end - 1) / PAGE_BYTES);
    const base = first * PAGE_BYTES;
    const bytes = first === last ? this.pages[first] : Buffer.concat(this.pages.slice(first, last + 1));
    return bytes?.toString('utf8', start - base, end - base) ?? '';
  }
}

/**
 * Reads a shared-strings part into a table: each `<si>`'s text runs joined (rich text as plain
 * text), phonetic guides (`<rPh>`) left out.
 */
export async function readSharedStrings(events: AsyncIterable<XmlEvent[]>): Promise<SharedStringTable> {
  const table = new SharedStringTable();
  let text: string | null = null;
  let isInText = false;
  let phoneticDepth = 0;
  for await (const batch of events) {
    for (const event of batch) {
      if (event.kind === 'open') {
        if (event.name === 'si') text = '';
        else if (event.name === 'rPh') phoneticDepth += 1;
        else if (event.name === 't') isInText = text !== null && phoneticDepth === 0;
      } else if (event.kind === 'text') {
        if (isInText && text !== null) {
          text += event.text;
          if (text.length > MAX_XML_PIECE_CHARS) throw pieceTooLarge();
        }
      } else if (event.name === 't') {
        isInText = false;
      } else if (event.name === 'rPh') {
        phoneticDepth -= 1;
      } else if (event.name === 'si' && text !== null) {
        table.add(text);
        text = null;
      }
    }
  }
  return table;
}
