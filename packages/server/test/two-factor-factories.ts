import { generate } from 'otplib';
import { goodPassword, signUp, type TestApp, type TestClient } from './factories.js';

/** A clock tests set and move: the app reads it for TOTP codes and pending sign-ins. */
export class TestClock {
  constructor(public ms = Date.parse('2026-11-28T10:00:00.000Z')) {}
  readonly now = (): number => this.ms;
  /** Moves on by `seconds` (30: the next TOTP step). */
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** The code an authenticator app shows for the secret at `ms` (computed by the library, not by our code). */
export function totpCodeAt(secret: string, ms: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(ms / 1000) });
}

/** A signed-up user who turned TOTP on through the API, at the clock's time. */
export interface TotpUser {
  client: TestClient;
  email: string;
  userId: string;
  accountId: string;
  secret: string;
  recoveryCodes: string[];
}

/** Signs a user up and turns TOTP on (set-up, then confirm with the current code). */
export async function userWithTotp(t: TestApp, clock: TestClock, email?: string): Promise<TotpUser> {
  const user = await signUp(t, email);
  const setup = await user.client.post('/api/auth/two-factor/setup');
  if (setup.status !== 200) throw new Error(`set-up failed: ${setup.status} ${setup.text}`);
  const secret: string = setup.body.secret;
  const confirm = await user.client.post('/api/auth/two-factor/confirm', {
    code: await totpCodeAt(secret, clock.now()),
  });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${confirm.text}`);
  return { ...user, secret, recoveryCodes: confirm.body.recoveryCodes };
}

/** The password step of a sign-in from a new client: answers the client and the login response. */
export async function passwordStep(t: TestApp, email: string) {
  const client = t.client();
  const response = await client.post('/api/auth/login', { email, password: goodPassword });
  return { client, response };
}
