import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { tableStream } from './table-writer.js';
import { tableRows } from './table-reader.js';
import {
  MAX_CELL_TEXT_CHARS,
  MAX_SHARED_STRINGS,
  MAX_SHEET_ROWS,
  MAX_UNPACK_RATIO,
  MAX_UNPACKED_BYTES,
  MAX_XML_ELEMENTS,
  MAX_ZIP_ENTRIES,
  UnpackBudget,
} from './xlsx-limits.js';
import { eventually } from '../../test/sse-client.js';
import { padding, sharedStringsPart, sheetPart, workbookFrame, zipOf } from '../../test/zip-files.js';

const staging = mkdtempSync(join(tmpdir(), 'ipam-xlsx-reader-'));
afterAll(() => rmSync(staging, { recursive: true, force: true }));

async function rowsOf(file: Buffer): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of tableRows('xlsx', Readable.from([file]), staging)) rows.push(row);
  return rows;
}

/** Bytes this process has written so far (files, pipes, sockets: `wchar` of /proc/self/io). */
function bytesWritten(): number {
  const line = readFileSync('/proc/self/io', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('wchar:'));
  return Number(line?.split(':')[1]?.trim() ?? Number.NaN);
}

/** The error an import of the file ends with: its code and message. */
async function refusalOf(file: Buffer): Promise<{ code: string; message: string }> {
  try {
    await rowsOf(file);
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
      return { code: error.code, message: error.message };
    }
    throw error;
  }
  throw new Error('the file was read');
}

const tooLarge = (message: string) => ({ code: 'payload_too_large', message });

describe('the XLSX reader', () => {
  it('reads every kind of cell, in any order of the parts, placing cells by column', async () => {
    const sheet = sheetPart([
      {
        text:
          '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>in</t><r><t>line</t></r></is></c></row>' +
          '<row r="2"><c r="A2"><v>42</v></c><c r="B2" t="b"><v>1</v></c><c r="C2" t="b"><v>0</v></c>' +
          '<c r="D2" t="e"><v>#N/A</v></c><c r="E2" t="str"><f>A1&amp;"!"</f><v>a &lt;b&gt; &amp; c!</v></c>' +
          '<c r="F2"><f>1+1</f><v>2.50</v></c><c r="G2" t="s"><v>1</v></c><c r="H2" t="s"><v>99</v></c></row>' +
          '<row r="3"><c r="A3"/><c r="B3" t="s"><v></v></c></row>' +
          '<x:row r="4" xmlns:x="urn:x"><x:c t="inlineStr"><x:is><x:t><![CDATA[<cdata>]]></x:t></x:is></x:c><x:c t="s"><x:v>2</x:v></x:c></x:row>',
      },
    ]);
    const strings = sharedStringsPart([
      { text: '<si><t>a &lt;b&gt; &amp; c</t></si>' },
      { text: '<si><r><t>rich </t></r><r><rPr><b/></rPr><t>text</t></r><rPh><t>ふりがな</t></rPh></si>' },
      { text: '<si><t xml:space="preserve"> ümlaut ✓ </t></si>' },
    ]);
    // The sheet first, the workbook's parts last: what made the old reader stage the sheet on disk.
    const file = zipOf([sheet, strings, ...workbookFrame()]);
    expect(await rowsOf(file)).toEqual([
      ['a <b> & c', '', 'inline'],
      ['42', 'true', 'false', '#N/A', 'a <b> & c!', '2.5', 'rich text'],
      ['<cdata>', ' ümlaut ✓ '],
    ]);
    expect(readdirSync(staging)).toEqual([]);
  });

  it("reads the workbook's first sheet, and this product's own exports (sheet before workbook)", async () => {
    const frame = workbookFrame().map((part) =>
      part.name === 'xl/_rels/workbook.xml.rels'
        ? {
            ...part,
            pieces: [
              {
                text:
                  '<Relationships><Relationship Id="rId1" Type="t/worksheet" Target="/xl/worksheets/first.xml"/>' +
                  '<Relationship Id="rId9" Type="t/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
              },
            ],
          }
        : part,
    );
    const other = sheetPart([{ text: '<row><c t="inlineStr"><is><t>second</t></is></c></row>' }]);
    const first = {
      ...sheetPart([{ text: '<row><c t="inlineStr"><is><t>first</t></is></c></row>' }]),
      name: 'xl/worksheets/first.xml',
    };
    expect(await rowsOf(zipOf([other, first, ...frame]))).toEqual([['first']]);

    async function* rows() {
      yield ['10.0.0.1', 'In Use', 42, true] as const;
    }
    const exported = tableStream('xlsx', 'Lab', ['ipAddress', 'status', 'hostname', 'flag'], rows());
    const chunks: Buffer[] = [];
    for await (const chunk of exported) chunks.push(Buffer.from(chunk));
    expect(await rowsOf(Buffer.concat(chunks))).toEqual([
      ['ipAddress', 'status', 'hostname', 'flag'],
      ['10.0.0.1', 'In Use', '42', 'true'],
    ]);
  });

  it('refuses a file that unpacks to more than 20× its size, before unpacking it (the disk bomb)', async () => {
    const row = '<row><c t="inlineStr"><is><t>10.0.0.1</t></is></c><c><v>1</v></c></row>';
    const bomb = zipOf([sheetPart([{ text: row, times: 1_000_000 }]), ...workbookFrame()]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const writtenBefore = bytesWritten();
    expect(await refusalOf(bomb)).toEqual(
      tooLarge(messages.importUnpacksTooLarge(MAX_UNPACK_RATIO, MAX_UNPACKED_BYTES / (1024 * 1024))),
    );
    // Refused on the sheet's declared size: its 70 MB were never unpacked to the staging folder.
    expect(bytesWritten() - writtenBefore).toBeLessThan(8 * 1024 * 1024);
    expect(readdirSync(staging)).toEqual([]);
  });

  it('counts empty rows too: a sheet of a million stops at 400,000; any part at 8 million elements', async () => {
    /** A workbook whose sheet repeats `piece`, padded to stay within the unpack ratio. */
    const sheetOf = (piece: string, times: number) => {
      const parts = [...workbookFrame(), sheetPart([{ text: piece, times }])];
      return zipOf([...parts, padding(Math.ceil((piece.length * times) / MAX_UNPACK_RATIO) + 64 * 1024)]);
    };
    // Empty rows under the cap are read past (formatted rows below the data); the data is kept.
    const header = '<row><c t="inlineStr"><is><t>ipAddress</t></is></c></row>';
    const underTheCap = zipOf([
      ...workbookFrame(),
      sheetPart([{ text: header }, { text: '<row/>', times: MAX_SHEET_ROWS - 2 }, { text: header }]),
      padding(Math.ceil((6 * MAX_SHEET_ROWS) / MAX_UNPACK_RATIO) + 64 * 1024),
    ]);
    expect(await rowsOf(underTheCap)).toEqual([['ipAddress'], ['ipAddress']]);
    // The CPU bomb (250 MB of empty rows read for 122 s) stops at the cap.
    expect(await refusalOf(sheetOf('<row/>', 1_000_000))).toEqual(
      tooLarge(messages.importSheetTooManyRows(MAX_SHEET_ROWS)),
    );
    // Tags that are no rows at all are counted as elements, in every part.
    expect(await refusalOf(sheetOf('<a/>', MAX_XML_ELEMENTS + 1))).toEqual(
      tooLarge(messages.importTooManyElements(MAX_XML_ELEMENTS)),
    );
    expect(readdirSync(staging)).toEqual([]);
  }, 300_000);

  it('counts what every part unpacks to, up to 256 MiB whatever the file size', () => {
    const small = new UnpackBudget(100_000);
    expect(() => small.checkDeclared(2_000_000)).not.toThrow();
    expect(() => small.checkDeclared(2_000_001)).toThrow(/unpacks to more than 20 times/);
    const large = new UnpackBudget(30 * 1024 * 1024);
    expect(() => large.checkDeclared(MAX_UNPACKED_BYTES)).not.toThrow();
    expect(() => large.checkDeclared(MAX_UNPACKED_BYTES + 1)).toThrow(/or more than 256 MB/);
  });

  it('caps the shared strings: their count and their bytes (413 naming the limit)', async () => {
    const sheet = sheetPart([{ text: '<row><c t="s"><v>0</v></c></row>' }]);
    const many = zipOf([
      ...workbookFrame(),
      sharedStringsPart([{ text: '<si><t>x</t></si>', times: MAX_SHARED_STRINGS + 1 }]),
      sheet,
      padding(1024 * 1024),
    ]);
    expect(await refusalOf(many)).toEqual(tooLarge(messages.importTooManySharedStrings(MAX_SHARED_STRINGS)));
    const long = `<si><t>${'é'.repeat(512 * 1024)}</t></si>`; // 1 MiB of UTF-8 each
    const heavy = zipOf([
      ...workbookFrame(),
      sharedStringsPart([{ text: long, times: 33 }]),
      sheet,
      padding(2 * 1024 * 1024),
    ]);
    expect(await refusalOf(heavy)).toEqual(tooLarge(messages.importSharedStringsTooLarge(32)));
    expect(readdirSync(staging)).toEqual([]);
    // It reads 33 MiB of shared strings for real: ~5 s alone, four times that beside the whole suite.
  }, 90_000);

  it('caps the text cells hand over (one long shared string repeated) and any single piece of XML', async () => {
    const oneMiB = 'x'.repeat(1024 * 1024);
    const repeated = zipOf([
      ...workbookFrame(),
      sharedStringsPart([{ text: `<si><t>${oneMiB}</t></si>` }]),
      sheetPart([
        { text: '<row><c t="s"><v>0</v></c></row>', times: MAX_CELL_TEXT_CHARS / oneMiB.length + 1 },
      ]),
      padding(128 * 1024),
    ]);
    expect(await refusalOf(repeated)).toEqual(tooLarge(messages.importCellsTooLarge(32)));
    const piece = zipOf([
      ...workbookFrame(),
      sheetPart([
        { text: '<row><c t="inlineStr"><is><t>' },
        { text: 'x', times: 1024 * 1024 + 1 },
        { text: '</t></is></c></row>' },
      ]),
      padding(128 * 1024),
    ]);
    expect(await refusalOf(piece)).toEqual(tooLarge(messages.importPieceTooLarge(1)));
    const comment = zipOf([
      ...workbookFrame(),
      sheetPart([{ text: '<!--' }, { text: '<', times: 2 * 1024 * 1024 }, { text: '-->' }]),
      padding(256 * 1024),
    ]);
    expect(await refusalOf(comment)).toEqual(tooLarge(messages.importPieceTooLarge(1)));
  });

  it('refuses a zip of more than 10,000 files, and a zip that is not a workbook', async () => {
    const parts = Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => ({ name: `f${i}`, pieces: [] }));
    expect(await refusalOf(zipOf(parts))).toEqual(tooLarge(messages.importTooManyParts(MAX_ZIP_ENTRIES)));
    const unreadable = { code: 'import_unreadable', message: messages.importUnreadable };
    expect(await refusalOf(zipOf([{ name: 'hello.txt', pieces: [{ text: 'hi' }] }]))).toEqual(unreadable);
    expect(await refusalOf(Buffer.from('not a zip'))).toEqual(unreadable);
    const truncated = zipOf([...workbookFrame(), sheetPart([{ text: '<row><c><v>1</v>' }])]);
    expect(await refusalOf(truncated)).toEqual(unreadable);
    expect(readdirSync(staging)).toEqual([]);
  });

  it('refuses a row past the last column, and leaves no file open whatever the outcome', async () => {
    const wide = zipOf([
      ...workbookFrame(),
      sheetPart([{ text: '<row>' }, { text: '<c><v>1</v></c>', times: 16_385 }, { text: '</row>' }]),
    ]);
    expect(await refusalOf(wide)).toEqual({ code: 'import_unreadable', message: messages.importUnreadable });
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const good = zipOf([...workbookFrame(), sheetPart([{ text: '<row><c><v>1</v></c></row>' }])]);
    const piece = zipOf([
      ...workbookFrame(),
      sheetPart([{ text: '<row><c><v>' }, { text: '1', times: 2 * 1024 * 1024 }, { text: '</v></c></row>' }]),
      padding(256 * 1024),
    ]);
    for (let i = 0; i < 20; i += 1) {
      expect(await rowsOf(good)).toEqual([['1']]);
      await refusalOf(piece);
      await refusalOf(wide);
    }
    // Streams close their files asynchronously; on a loaded machine that takes a while.
    await eventually(() => openFiles() <= before, 60_000);
    expect(readdirSync(staging)).toEqual([]);
  });
});
