import { crc32, deflateRawSync } from 'node:zlib';

/** A file inside a zip: its name and its content as repeated pieces (a bomb need not be built in memory). */
export interface ZipPart {
  name: string;
  /** The content: each piece `times` times (default once), in order. */
  pieces: readonly { text: string | Buffer; times?: number }[];
  /** Stored as is (for incompressible padding) instead of deflated. */
  stored?: boolean;
}

/** Deflates the pieces in one stream: its bytes, the content's size and CRC-32. */
function packed(part: ZipPart): { data: Buffer; size: number; crc: number } {
  const chunks: Buffer[] = [];
  let size = 0;
  let crc = 0;
  for (const { text, times = 1 } of part.pieces) {
    const piece = Buffer.from(text);
    // Pieces repeated many times are batched to ~1 MiB so the deflate sees long runs.
    const batch = Math.max(1, Math.min(times, Math.floor((1024 * 1024) / Math.max(1, piece.length))));
    const block = Buffer.concat(Array.from({ length: batch }, () => piece));
    for (let left = times; left > 0; left -= batch) {
      const chunk = left >= batch ? block : block.subarray(0, left * piece.length);
      chunks.push(chunk);
      size += chunk.length;
      crc = crc32(chunk, crc);
    }
  }
  const raw = Buffer.concat(chunks);
  return { data: part.stored ? raw : deflateRawSync(raw, { level: 9 }), size, crc };
}

/**
 * A zip of the parts in the order given (what an attacker controls): local headers, data, central
 * directory, end record; sizes declared truthfully. Enough for the tests' workbooks and bombs.
 */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = packed(part);
    const name = Buffer.from(part.name);
    const method = part.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a minimal workbook besides its sheet and shared strings. */
export function workbookFrame(): ZipPart[] {
  const workbook =
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
  const relationships =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>` +
    '</Relationships>';
  return [
    { name: 'xl/workbook.xml', pieces: [{ text: workbook }] },
    { name: 'xl/_rels/workbook.xml.rels', pieces: [{ text: relationships }] },
  ];
}

/** A worksheet part from pieces of `<row>` XML. */
export function sheetPart(rows: ZipPart['pieces']): ZipPart {
  return {
    name: 'xl/worksheets/sheet1.xml',
    pieces: [
      { text: `<worksheet xmlns="${SHEET_MAIN}"><sheetData>` },
      ...rows,
      { text: '</sheetData></worksheet>' },
    ],
  };
}

/** A shared-strings part from pieces of `<si>` XML. */
export function sharedStringsPart(items: ZipPart['pieces']): ZipPart {
  return {
    name: 'xl/sharedStrings.xml',
    pieces: [{ text: `<sst xmlns="${SHEET_MAIN}">` }, ...items, { text: '</sst>' }],
  };
}

/** Bytes stored uncompressed as a picture: they make the file larger, so it may unpack to more (20×). */
export function padding(bytes: number): ZipPart {
  return { name: 'xl/media/image1.png', pieces: [{ text: Buffer.alloc(bytes, 0x5a) }], stored: true };
}
