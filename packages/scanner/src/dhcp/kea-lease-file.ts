import { access } from 'node:fs/promises';
import type { Prefix } from '@ipam/core/prefix';
import type { Sighting } from '../scan/sightings.js';
import { LeaseTable } from './lease-table.js';
import { forEachLine, LeaseFileError, type LineAnswer } from './line-reader.js';

/** Kea's lease state column: 0 assigned; 1 declined, 2 expired-reclaimed (and later ones) are not held. */
const STATE_ASSIGNED = '0';
/** Kea's v6 lease_type column: 0 IA_NA, 1 IA_TA, 2 IA_PD (a delegated prefix, not an address). */
const LEASE_TYPE_PREFIX = '2';

/**
 * Kea writes `&#x` and two hex digits for each byte it escapes (a comma, `&`, a control or non-ASCII
 * byte); the bytes are UTF-8 once put back.
 */
export function unescapeKea(text: string): string {
  if (!text.includes('&#x')) return text;
  const bytes: number[] = [];
  for (let index = 0; index < text.length;) {
    const hex = text.startsWith('&#x', index)
      ? /^[0-9a-fA-F]{2}/.exec(text.slice(index + 3, index + 5))
      : null;
    if (hex !== null) {
      bytes.push(Number.parseInt(hex[0], 16));
      index += 5;
    } else {
      const code = text.codePointAt(index) ?? 0;
      bytes.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
      index += code > 0xffff ? 2 : 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Columns {
  readonly count: number;
  readonly address: number;
  readonly hwaddr: number;
  readonly expire: number;
  readonly validLifetime: number;
  readonly hostname: number;
  readonly state: number;
  readonly leaseType: number;
  readonly isV6: boolean;
}

/** The columns of a Kea lease file's header, or null when the line is not one. */
function columnsOf(header: string): Columns | null {
  const names = header.split(',').map((name) => name.trim());
  const at = (name: string) => names.indexOf(name);
  if (at('address') !== 0 || at('expire') < 0) return null;
  return {
    count: names.length,
    address: at('address'),
    hwaddr: at('hwaddr'),
    expire: at('expire'),
    validLifetime: at('valid_lifetime'),
    hostname: at('hostname'),
    state: at('state'),
    leaseType: at('lease_type'),
    isV6: at('duid') >= 0,
  };
}

/**
 * A line handler for one Kea memfile CSV file (`kea-leases4.csv` or `kea-leases6.csv`, any Kea version:
 * columns are found by the header's names). Rows of another length than the header's are skipped as Kea
 * skips them (a row being written as we read); a file of the other IP version is not read past its header.
 */
export function keaLeaseLines(path: string, table: LeaseTable, prefix: Prefix): (line: string) => LineAnswer {
  let columns: Columns | null = null;
  return (line) => {
    if (columns === null) {
      columns = columnsOf(line);
      if (columns === null)
        throw new LeaseFileError(`${path}: not a Kea lease file (its first line is no Kea header)`);
      return columns.isV6 === (prefix.version === 6) ? undefined : 'stop';
    }
    const fields = line.split(',');
    if (fields.length !== columns.count) return;
    const field = (index: number) => (index < 0 ? '' : (fields[index] ?? ''));
    if (columns.isV6 && field(columns.leaseType) === LEASE_TYPE_PREFIX) return;
    const expire = Number(field(columns.expire));
    // Kea records a deleted lease as a row with a valid lifetime of 0.
    const isDeleted = columns.validLifetime >= 0 && field(columns.validLifetime) === '0';
    table.record({
      address: field(columns.address),
      mac: field(columns.hwaddr),
      hostname: unescapeKea(field(columns.hostname)),
      expiresAt: Number.isFinite(expire) ? expire * 1000 : 0,
      isBound: !isDeleted && (columns.state < 0 || field(columns.state) === STATE_ASSIGNED),
    });
  };
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * The files holding a Kea lease file's state, in the order Kea itself loads them at start: the output of
 * a finished lease file cleanup (`.completed`) or else the previous one (`.1`) and the file under
 * cleanup (`.2`), then the file Kea appends to. After a cleanup began, the current file holds only the
 * leases changed since, so reading it alone would miss the others.
 */
export async function keaLeaseFiles(path: string): Promise<string[]> {
  const completed = `${path}.completed`;
  const rotated = (await exists(completed)) ? [completed] : [`${path}.1`, `${path}.2`];
  const present = await Promise.all(rotated.map(async (file) => ((await exists(file)) ? [file] : [])));
  return [...present.flat(), path];
}

/** The active leases of a Kea memfile lease file inside `prefix`, as sightings. */
export async function readKeaLeaseFile(path: string, prefix: Prefix, now = Date.now()): Promise<Sighting[]> {
  const table = new LeaseTable(prefix, now);
  for (const file of await keaLeaseFiles(path)) {
    try {
      await forEachLine(file, keaLeaseLines(file, table, prefix));
    } catch (error) {
      // A rotated file may be renamed by Kea's cleanup between listing and reading: the next read sees the new ones.
      if (file !== path && !(await exists(file))) continue;
      throw error;
    }
  }
  return table.sightings();
}
