import { signUp, type TestApp, type TestClient } from './factories.js';
import { SoftwareAuthenticator, type Site } from './software-authenticator.js';

/** The site passkey tests run as: the app's PUBLIC_URL, so its RP ID is a name (browsers refuse IPs). */
export const passkeySite: Site = { origin: 'https://ipam.example.com', rpId: 'ipam.example.com' };
/** The app's environment for passkey tests (BILLING=test: the built-in provider on a public URL). */
export const passkeyEnv = { PUBLIC_URL: passkeySite.origin, BILLING: 'test' };

/** Adds a passkey through the API (options, the authenticator's answer, the named passkey); answers the add. */
export async function addPasskeyThrough(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  name = 'Laptop',
  site: Site = passkeySite,
) {
  const options = await client.post('/api/auth/passkeys/registration-options');
  if (options.status !== 200) throw new Error(`options failed: ${options.status} ${options.text}`);
  const credential = authenticator.create(options.body, site);
  return client.post('/api/auth/passkeys', { name, credential });
}

/** A signed-up user with one passkey on a new software authenticator. */
export async function userWithPasskey(t: TestApp, email?: string) {
  const user = await signUp(t, email);
  const authenticator = new SoftwareAuthenticator();
  const added = await addPasskeyThrough(user.client, authenticator);
  if (added.status !== 201) throw new Error(`add failed: ${added.status} ${added.text}`);
  return { ...user, authenticator, passkeyId: added.body.id as string };
}

/** Asks for a sign-in challenge (with a pending token: the second factor) and answers it with the authenticator. */
export async function passkeyAnswer(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  pendingToken?: string,
  site: Site = passkeySite,
) {
  const options = await client.post('/api/auth/passkeys/login-options', pendingToken ? { pendingToken } : {});
  if (options.status !== 200) throw new Error(`login options failed: ${options.status} ${options.text}`);
  return { options: options.body, credential: authenticator.get(options.body, site) };
}
