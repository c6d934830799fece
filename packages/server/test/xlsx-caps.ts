import { MAX_IMPORT_ROWS } from '../src/table-files/table-reader.js';
import { MAX_SHARED_STRINGS, MAX_UNPACK_RATIO } from '../src/table-files/xlsx-limits.js';
import { padding, sharedStringsPart, sheetPart, workbookFrame, zipOf, type ZipPart } from './zip-files.js';

const COLUMNS = ['ipAddress', 'status', 'hostname', 'description', 'updatedBy'];

/** The text of the shared string `i` of the file at the caps: 32 characters, all distinct. */
const capText = (i: number) => `h${String(i).padStart(31, '0')}`;

/** A zip of the parts, padded (stored bytes) when needed so that it unpacks to less than 20× its size. */
function withinRatio(parts: ZipPart[], unpacked: number): Buffer {
  const file = zipOf(parts);
  const needed = Math.ceil(unpacked / MAX_UNPACK_RATIO) - file.length;
  return needed <= 0 ? file : zipOf([...parts, padding(needed + 64 * 1024)]);
}

/**
 * The largest workbook an address import accepts, near every cap at once: 200,000 rows of five cells,
 * each a distinct 32-character shared string (1,000,000 strings, 32 MB of table, 32 M characters
 * handed over), padded to stay within the unpack ratio.
 */
export function workbookAtTheCaps(): Buffer {
  const strings = Array.from({ length: MAX_SHARED_STRINGS }, (_, i) => `<si><t>${capText(i)}</t></si>`);
  const header = `<row>${COLUMNS.map((name) => `<c t="inlineStr"><is><t>${name}</t></is></c>`).join('')}</row>`;
  const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, row) => {
    const cells = COLUMNS.map((_, column) => `<c t="s"><v>${row * COLUMNS.length + column}</v></c>`);
    return `<row>${cells.join('')}</row>`;
  });
  const sst = strings.join('');
  const sheet = header + rows.join('');
  return withinRatio(
    [...workbookFrame(), sharedStringsPart([{ text: sst }]), sheetPart([{ text: sheet }])],
    sst.length + sheet.length,
  );
}

/**
 * The issue's shared-strings bomb (a 0.5 MB upload that took the server to 1.67 GB): millions of tiny
 * strings, padded to 0.5 MB; and the same strings kept within the ratio, one past the count cap.
 */
export function sharedStringBombs(): { issue: Buffer; pastTheCount: Buffer } {
  const sheet = sheetPart([{ text: '<row><c t="s"><v>0</v></c></row>' }]);
  const item = '<si><t>x</t></si>';
  const parts = [...workbookFrame(), sharedStringsPart([{ text: item, times: 5_000_000 }]), sheet];
  const issue = zipOf([...parts, padding(512 * 1024 - zipOf(parts).length)]);
  const pastTheCount = withinRatio(
    [...workbookFrame(), sharedStringsPart([{ text: item, times: MAX_SHARED_STRINGS + 1 }]), sheet],
    (MAX_SHARED_STRINGS + 1) * item.length,
  );
  return { issue, pastTheCount };
}

/** The rows of workbookAtTheCaps as a CSV (33 MB: just under the 32 MiB body limit). */
export function csvOfTheCaps(): Buffer {
  const lines = [COLUMNS.join(',')];
  for (let row = 0; row < MAX_IMPORT_ROWS; row += 1) {
    lines.push(COLUMNS.map((_, column) => capText(row * COLUMNS.length + column)).join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The issue's disk bomb: the worksheet before the workbook's parts; ~70 MB of rows in ~0.1 MB. */
export function diskBomb(): Buffer {
  const row = '<row><c t="inlineStr"><is><t>10.0.0.1</t></is></c><c><v>1</v></c></row>';
  return zipOf([sheetPart([{ text: row, times: 1_000_000 }]), ...workbookFrame()]);
}
