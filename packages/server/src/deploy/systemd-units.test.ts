import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test/built-server.js';

/**
 * The units docs/deploy.md installs, checked by systemd's own tools: `verify` reports unknown keys and
 * missing programs, `security --offline` rates the sandboxing (0 best, 10 none; "OK" is under 4.5).
 */
const units = [
  { file: 'deploy/systemd/ipam@.service', installedAs: 'ipam@8081.service' },
  { file: 'packages/scanner/ipam-scanner.service', installedAs: 'ipam-scanner.service' },
];

describe('systemd units shipped for deployment', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ipam-units-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  for (const { file, installedAs } of units) {
    it(`${file} is a valid, sandboxed unit`, () => {
      const unit = join(folder, installedAs);
      copyFileSync(join(repoRoot, file), unit);

      const verify = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
      // Unknown or misspelt keys are only warnings to systemd (exit 0): any output fails here.
      expect({ status: verify.status, output: verify.stdout + verify.stderr }).toEqual({
        status: 0,
        output: '',
      });

      const security = spawnSync('systemd-analyze', ['security', '--offline=true', '--no-pager', unit], {
        encoding: 'utf8',
      });
      const exposure = /Overall exposure level for \S+: ([\d.]+) (\w+)/.exec(security.stdout);
      expect(exposure?.[2]).toBe('OK');
      expect(Number(exposure?.[1])).toBeLessThan(4);

      for (const setting of [
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
        'ProtectHome=yes',
        'PrivateTmp=yes',
      ]) {
        expect(spawnSync('grep', ['-qx', setting, unit]).status, setting).toBe(0);
      }
    });
  }
});
