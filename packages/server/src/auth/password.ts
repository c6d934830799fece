import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane (~60 ms here).
// `algorithm: 2` is Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id (PHC string with salt and parameters). */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * The stored hash of a user who has no password (made by a first single sign-on): no password
 * matches it, and checking one costs the same time as for an unknown e-mail.
 */
export const NO_PASSWORD = '';

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail, or a user without a password)
 * it still spends the same time on a dummy hash, so response time does not reveal whether an e-mail is
 * registered.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined || storedHash === NO_PASSWORD) {
    dummyHash ??= hashPassword('dummy password for timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
