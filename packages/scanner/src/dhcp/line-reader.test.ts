import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachLine } from './line-reader.js';

describe('forEachLine', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipam-lines-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function linesOf(content: string, stopAt?: string): Promise<string[]> {
    const path = join(dir, 'file');
    await writeFile(path, content);
    const lines: string[] = [];
    await forEachLine(path, (line) => {
      lines.push(line);
      return line === stopAt ? 'stop' : undefined;
    });
    return lines;
  }

  it('gives each line without its ending, the last one even without a newline', async () => {
    expect(await linesOf('a\r\nb\n\nc')).toEqual(['a', 'b', '', 'c']);
  });

  it('keeps multi-byte characters split across chunks whole', async () => {
    const long = 'é'.repeat(40_000);
    expect(await linesOf(`${long}\nx\n`)).toEqual([long, 'x']);
  });

  it('stops reading when told', async () => {
    expect(await linesOf('one\ntwo\nthree\n', 'two')).toEqual(['one', 'two']);
  });

  it('refuses a line longer than the cap instead of holding it', async () => {
    const path = join(dir, 'binary');
    await writeFile(path, 'header\n' + 'x'.repeat(200_000));
    await expect(forEachLine(path, () => undefined)).rejects.toThrow(
      `${path}: line 2 is longer than 65536 characters; not a lease file`,
    );
  });
});
