import { readFileSync } from 'node:fs';

/**
 * The answers recorded from a real phpIPAM 1.8.2 (../shared/fixtures/phpipam, beside the repository:
 * /work/main and every worktree sit beside /work/shared, and CI clones the repository beside it too).
 */
export const PHPIPAM_FIXTURES = new URL('../../../../shared/fixtures/phpipam/', import.meta.url);

/** One recorded answer: its status, its headers and its body exactly as phpIPAM sent it. */
export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One recorded request with its answer (`answers/<name>.json`). */
interface RecordedFile {
  request: { method: string; path: string; headers: Record<string, string> };
  response: RecordedAnswer;
}

/** A row of `answers/index.json`. */
interface IndexRow {
  file: string;
  method: string;
  path: string;
}

/** Reads `answers/<file>`: the request and its answer. */
export function readRecorded(file: string): RecordedFile {
  return JSON.parse(readFileSync(new URL(`answers/${file}`, PHPIPAM_FIXTURES), 'utf8')) as RecordedFile;
}

/** The `data` of a recorded answer, parsed. */
export function recordedData(file: string): unknown {
  return (JSON.parse(readRecorded(file).response.body) as { data?: unknown }).data;
}

/** A file's variant: `sections--wrong-token.json` → "wrong-token"; "" for the plain answer of a path. */
function variantOf(file: string): string {
  let name = file.replace(/\.json$/, '');
  // `app-<id>--<name>` names another app id; its path says which, so only the rest may hold a variant.
  if (name.startsWith('app-')) name = name.slice(name.indexOf('--') + 2);
  const dashes = name.indexOf('--');
  return dashes < 0 ? '' : name.slice(dashes + 2);
}

/** `"GET /api/importer/sections/"` → its answers by variant ("" the plain one, "stringify", …). */
export type RecordedAnswers = ReadonlyMap<string, ReadonlyMap<string, RecordedAnswer>>;

let loaded: RecordedAnswers | undefined;

/** Every recorded answer by method and path (with its query, as recorded), read once per test file. */
export function recordedAnswers(): RecordedAnswers {
  if (loaded) return loaded;
  const index = JSON.parse(readFileSync(new URL('answers/index.json', PHPIPAM_FIXTURES), 'utf8')) as {
    answers: IndexRow[];
  };
  const answers = new Map<string, Map<string, RecordedAnswer>>();
  for (const row of index.answers) {
    const key = `${row.method} ${row.path}`;
    const variants = answers.get(key) ?? new Map<string, RecordedAnswer>();
    variants.set(variantOf(row.file), readRecorded(row.file).response);
    answers.set(key, variants);
  }
  loaded = answers;
  return answers;
}
