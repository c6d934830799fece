import { messages } from '@ipam/core/messages';
import { pipeline, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { readSharedStrings, SharedStringTable } from './shared-strings.js';
import { MAX_ZIP_ENTRIES, tooLarge, UnpackBudget } from './xlsx-limits.js';
import { sheetRows } from './xlsx-sheet.js';
import {
  firstSheetRelationship,
  partsToRead,
  WORKBOOK_PART,
  WORKBOOK_RELATIONSHIPS_PART,
  workbookRelationships,
} from './xlsx-workbook.js';
import { xmlEvents, type XmlEvent } from './xlsx-xml.js';

/**
 * The rows of the first worksheet of the .xlsx file at `path` (a staged upload), read through the
 * zip's central directory: the workbook, its relationships, the shared strings and that one sheet,
 * in that order whatever order the zip holds them in, each unpacked as it is parsed (nothing
 * unpacked is written anywhere). Every part read counts against the import's UnpackBudget; the
 * other parts (styles, pictures, other sheets) are never unpacked.
 */
export async function* workbookRows(path: string): AsyncGenerator<string[]> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) throw tooLarge(messages.importTooManyParts(MAX_ZIP_ENTRIES));
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const budget = new UnpackBudget(zip.fileSize);
    // A part is opened only when its events are first asked for, and closed when they stop being
    // read (ended, refused or abandoned), so no part stays open after a failure elsewhere.
    async function* partEvents(entry: yauzl.Entry): AsyncGenerator<XmlEvent[]> {
      budget.checkDeclared(entry.uncompressedSize);
      const unpacked: Readable = await zip.openReadStreamPromise(entry);
      // A failure on either side (a corrupt part, the budget passed) ends both streams.
      yield* xmlEvents(
        pipeline(unpacked, budget.meter(), () => undefined),
        budget,
      );
    }
    const workbook = entries.get(WORKBOOK_PART);
    const relationships = entries.get(WORKBOOK_RELATIONSHIPS_PART);
    if (!workbook || !relationships) throw new Error('not a workbook: its workbook part is missing');
    const parts = partsToRead(
      await firstSheetRelationship(partEvents(workbook)),
      await workbookRelationships(partEvents(relationships)),
    );
    const sheet = parts && entries.get(parts.sheet);
    if (!parts || !sheet) throw new Error('the workbook has no worksheet');
    const sharedStrings = entries.get(parts.sharedStrings);
    const strings = sharedStrings
      ? await readSharedStrings(partEvents(sharedStrings))
      : new SharedStringTable();
    yield* sheetRows(partEvents(sheet), strings);
  } finally {
    zip.close();
  }
}
