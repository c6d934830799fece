import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('the secret box', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ipam-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('seals so the stored text holds no trace of the secret, and opens it again', () => {
    const box = createSecretBox({ secretKey: 'x'.repeat(32), dataDir: dataDir() });
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a changed sealed text and another key', () => {
    const dir = dataDir();
    const sealed = createSecretBox({ secretKey: 'a'.repeat(32), dataDir: dir }).seal('JBSWY3DPEHPK3PXP');
    const other = createSecretBox({ secretKey: 'b'.repeat(32), dataDir: dir });
    expect(() => other.open(sealed)).toThrow();
    const [v, iv, tag, body = ''] = sealed.split('.');
    const flipped = `${v}.${iv}.${tag}.${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => createSecretBox({ secretKey: 'a'.repeat(32), dataDir: dir }).open(flipped)).toThrow();
  });

  it('without IPAM_SECRET_KEY keeps a random key in the data folder, readable by the owner only', () => {
    const dir = dataDir();
    const sealed = createSecretBox({ secretKey: null, dataDir: dir }).seal('JBSWY3DPEHPK3PXP');
    const keyFile = join(dir, 'secret.key');
    expect(Buffer.from(readFileSync(keyFile, 'utf8'), 'base64')).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    // A restarted server (a new box) reads the same key.
    expect(createSecretBox({ secretKey: null, dataDir: dir }).open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });
});
