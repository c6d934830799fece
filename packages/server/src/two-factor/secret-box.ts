import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Encrypts small secrets for storage, so a database dump alone does not hand them out. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const version = 'v1';

/** The key file's content: made once with 32 random bytes, readable by the server's user only. */
function keyFromFile(dataDir: string): Buffer {
  const path = join(dataDir, 'secret.key');
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
}

/**
 * AES-256-GCM with a key from IPAM_SECRET_KEY (its SHA-256) or, unset, from `secret.key` in the data
 * folder. A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url); a changed one fails to open.
 */
export function createSecretBox(options: { secretKey: string | null; dataDir: string }): SecretBox {
  let key: Buffer | undefined;
  const keyOf = (): Buffer => {
    key ??= options.secretKey
      ? createHash('sha256').update(options.secretKey).digest()
      : keyFromFile(options.dataDir);
    return key;
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [version, ...parts].join('.');
    },
    open(sealed) {
      const [tag, iv = '', auth = '', body = ''] = sealed.split('.');
      if (tag !== version) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(auth, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
