import { readFile } from 'node:fs/promises';
import type { ConnectionOptions } from 'node:tls';
import { Client, ResultCodeError, type Entry } from 'ldapts';
import { emailSchema } from '@ipam/core/schemas/auth-schemas';
import type { LdapConfig } from '../config/ldap-env.js';
import { fillFilter } from './ldap-filter.js';

/** A directory user whose password the directory accepted. */
export interface DirectoryUser {
  dn: string;
  /** The value of the id attribute (entryUUID; objectGUID as hex): the user for good, across renames. */
  subject: string;
  email: string;
  name: string;
  /** DNs of the groups the user is in. */
  groupDns: string[];
}

/** Why the directory did not sign someone in (for the log and History; the user sees one message). */
export type DirectoryRefusal =
  'empty_password' | 'no_such_user' | 'ambiguous_user' | 'wrong_password' | 'incomplete_entry';

/** The directory entry a refusal concerns, when one was found (History names the person by it). */
export interface RefusedEntry {
  dn: string;
  subject: string | null;
  email: string | null;
}

export type DirectoryOutcome =
  { ok: true; user: DirectoryUser } | { ok: false; reason: DirectoryRefusal; entry?: RefusedEntry };

/** The directory could not be asked: unreachable, TLS refused, or the service bind failed. */
export class DirectoryUnavailableError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'DirectoryUnavailableError';
  }
}

/** The values of an attribute as text (ldapts answers a string, a list, or buffers). */
function valuesOf(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (Buffer.isBuffer(item) ? item.toString('utf8') : String(item)));
}

/** The id attribute's value: objectGUID is 16 bytes (written as hex), entryUUID and others are text. */
function subjectOf(entry: Entry, attribute: string): string | undefined {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  if (Buffer.isBuffer(first)) {
    return attribute.toLowerCase() === 'objectguid' ? first.toString('hex') : first.toString('utf8');
  }
  return String(first);
}

async function tlsOptionsOf(config: LdapConfig): Promise<ConnectionOptions> {
  let ca: string | undefined;
  if (config.caFile !== null) {
    try {
      ca = await readFile(config.caFile, 'utf8');
    } catch (error) {
      throw new DirectoryUnavailableError(`LDAP_CA_FILE ${config.caFile} could not be read`, {
        cause: error,
      });
    }
  }
  // The host name (or IP) of the URL is checked against the certificate, also after StartTLS.
  const host = new URL(config.url).hostname.replace(/^\[|\]$/g, '');
  return { ...(ca !== undefined ? { ca } : {}), host, minVersion: 'TLSv1.2' };
}

type Step = <T>(what: string, run: () => Promise<T>) => Promise<T>;

/**
 * Runs the steps of one sign-in on one connection, turning a lost connection or a failed handshake
 * into DirectoryUnavailableError. The first step opens the connection; every later one must find it
 * still open: ldapts would silently reconnect, and after StartTLS that new connection is plaintext.
 */
function stepsOn(client: Client): Step {
  let isOpened = false;
  return async (what, run) => {
    if (isOpened && !client.isConnected) {
      throw new DirectoryUnavailableError(`LDAP connection lost before ${what}`);
    }
    isOpened = true;
    try {
      return await run();
    } catch (error) {
      if (error instanceof ResultCodeError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new DirectoryUnavailableError(`LDAP ${what} failed: ${reason}`, { cause: error });
    }
  };
}

/**
 * Search-then-bind: binds as the service account, finds exactly one user by the filter (the typed
 * name escaped), reads their groups, then binds as that user with their password. An empty password
 * is refused before any bind: many directories take a DN with no password as an anonymous bind.
 */
export async function authenticateWithDirectory(
  config: LdapConfig,
  login: string,
  password: string,
): Promise<DirectoryOutcome> {
  if (password === '') return { ok: false, reason: 'empty_password' };
  const tlsOptions = await tlsOptionsOf(config);
  const client = new Client({
    url: config.url,
    timeout: config.timeoutMs,
    connectTimeout: config.timeoutMs,
    ...(config.transport === 'ldaps' ? { tlsOptions } : {}),
  });
  const step = stepsOn(client);
  try {
    if (config.transport === 'starttls') {
      await step('StartTLS', () => client.startTLS(tlsOptions));
    }
    await step('service bind', () => client.bind(config.bindDn, config.bindPassword)).catch(
      (error: unknown) => {
        if (error instanceof ResultCodeError) {
          throw new DirectoryUnavailableError(`LDAP service bind refused: ${error.message}`, {
            cause: error,
          });
        }
        throw error;
      },
    );
    const attributes = [config.idAttribute, config.emailAttribute, config.nameAttribute];
    if (config.groups.kind === 'memberOf') attributes.push(config.groups.attribute);
    const found = await step('user search', () =>
      client.search(config.baseDn, {
        scope: 'sub',
        filter: fillFilter(config.userFilter, { login }),
        sizeLimit: 2,
        attributes,
        explicitBufferAttributes: [config.idAttribute],
      }),
    );
    const entries = found.searchEntries;
    if (entries.length === 0) return { ok: false, reason: 'no_such_user' };
    const [entry] = entries;
    if (entries.length > 1 || !entry) return { ok: false, reason: 'ambiguous_user' };
    const groupDns =
      config.groups.kind === 'memberOf'
        ? valuesOf(entry, config.groups.attribute)
        : await searchGroups(client, step, config.groups, { dn: entry.dn, login });
    const subject = subjectOf(entry, config.idAttribute);
    const email = emailSchema.safeParse(valuesOf(entry, config.emailAttribute)[0] ?? '');
    const refused = { dn: entry.dn, subject: subject ?? null, email: email.success ? email.data : null };
    const isUserBound = await step('user bind', () => client.bind(entry.dn, password)).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ResultCodeError) return false;
        throw error;
      },
    );
    if (!isUserBound) return { ok: false, reason: 'wrong_password', entry: refused };
    if (!subject || !email.success) return { ok: false, reason: 'incomplete_entry', entry: refused };
    const name = valuesOf(entry, config.nameAttribute)[0]?.trim() ?? '';
    return { ok: true, user: { dn: entry.dn, subject, email: email.data, name, groupDns } };
  } catch (error) {
    if (error instanceof ResultCodeError) {
      throw new DirectoryUnavailableError(`LDAP refused: ${error.message}`, { cause: error });
    }
    throw error;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The DNs of the groups whose entries name the user (search mode: `member={dn}`, `memberUid={login}`). */
async function searchGroups(
  client: Client,
  step: Step,
  groups: { baseDn: string; filter: string },
  user: { dn: string; login: string },
): Promise<string[]> {
  const found = await step('group search', () =>
    client.search(groups.baseDn, {
      scope: 'sub',
      filter: fillFilter(groups.filter, user),
      attributes: ['1.1'],
    }),
  );
  return found.searchEntries.map((group) => group.dn);
}
