import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/env.js';
import { ensureServerBuilt, repoRoot, runIpam, serverEnv } from '../../test/built-server.js';

beforeAll(() => {
  expect(ensureServerBuilt()).toBe(true);
}, 180_000);

describe('the data folder of operator commands', () => {
  let emptyDir: string;
  beforeAll(() => {
    emptyDir = mkdtempSync(join(tmpdir(), 'ipam-empty-'));
  });
  afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

  it('defaults to data/ in the installation, not the current directory', () => {
    expect(parseConfig({}).dataDir).toBe(join(repoRoot, 'data'));
  });

  it('stops `ipam admin` without a database there, naming the path and IPAM_DATA_DIR, creating nothing', async () => {
    const run = await runIpam(['admin', 'accounts'], serverEnv({ IPAM_DATA_DIR: emptyDir }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`no database at ${join(emptyDir, 'ipam.sqlite')}`);
    expect(run.stderr).toContain('IPAM_DATA_DIR');
    expect(existsSync(join(emptyDir, 'ipam.sqlite'))).toBe(false);
  });
});
