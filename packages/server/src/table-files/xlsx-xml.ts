import { messages } from '@ipam/core/messages';
import { SaxesParser } from 'saxes';
import { StringDecoder } from 'node:string_decoder';
import { MAX_XML_PIECE_CHARS, tooLarge } from './xlsx-limits.js';

/** One event of a workbook's XML part; names are local (`x:row` and `row` are both `row`). */
export type XmlEvent =
  | { kind: 'open'; name: string; attributes: ReadonlyMap<string, string> }
  | { kind: 'text'; text: string }
  | { kind: 'close'; name: string };

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** The error for a piece of XML (tag, text, comment) or a cell longer than MAX_XML_PIECE_CHARS. */
export function pieceTooLarge(): Error {
  return tooLarge(messages.importPieceTooLarge(MAX_XML_PIECE_CHARS / (1024 * 1024)));
}

/** Where the elements parsed are counted (the import's UnpackBudget), to refuse too many. */
export interface ElementCounter {
  countElements(count: number): void;
}

/**
 * The events of an XML part as its bytes arrive, one batch per chunk. The parser (saxes) holds a
 * piece in memory until it ends, so input that completes no piece for more than MAX_XML_PIECE_CHARS
 * (one giant text, tag or comment) is refused instead of being buffered. Each chunk's elements are
 * counted by `counter`, which refuses a part of millions of tiny tags before it is all parsed.
 * Entities are the five of XML and character references; a DOCTYPE's own entities are not expanded
 * (saxes refuses them).
 */
export async function* xmlEvents(
  source: AsyncIterable<Buffer>,
  counter: ElementCounter,
): AsyncGenerator<XmlEvent[]> {
  const parser = new SaxesParser();
  let events: XmlEvent[] = [];
  let completedPiece = false;
  let quietChars = 0;
  let opened = 0;
  const piece = () => (completedPiece = true);
  parser.on('opentag', (tag) => {
    piece();
    opened += 1;
    const attributes = new Map<string, string>();
    for (const [name, value] of Object.entries(tag.attributes)) attributes.set(localName(name), value);
    events.push({ kind: 'open', name: localName(tag.name), attributes });
  });
  parser.on('closetag', (tag) => {
    piece(); // a self-closing tag comes here too, right after its opentag
    events.push({ kind: 'close', name: localName(tag.name) });
  });
  parser.on('text', (text) => {
    piece();
    events.push({ kind: 'text', text });
  });
  parser.on('cdata', (text) => {
    piece();
    events.push({ kind: 'text', text });
  });
  for (const other of ['comment', 'processinginstruction', 'doctype', 'xmldecl'] as const) {
    parser.on(other, piece);
  }
  const decoder = new StringDecoder('utf8');
  const feed = function* (text: string): Generator<XmlEvent[]> {
    completedPiece = false;
    parser.write(text);
    quietChars = completedPiece ? 0 : quietChars + text.length;
    if (quietChars > MAX_XML_PIECE_CHARS) throw pieceTooLarge();
    counter.countElements(opened);
    opened = 0;
    if (events.length > 0) {
      yield events;
      events = [];
    }
  };
  for await (const chunk of source) yield* feed(decoder.write(chunk));
  yield* feed(decoder.end());
  parser.close();
  if (events.length > 0) yield events;
}
