import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './dns-servers.js';

const run = promisify(execFile);

const SLAPD = '/usr/sbin/slapd';
const LDAPADD = '/usr/bin/ldapadd';
const LDAPMODIFY = '/usr/bin/ldapmodify';
const LDAPWHOAMI = '/usr/bin/ldapwhoami';
const OPENSSL = '/usr/bin/openssl';

export const suffix = 'dc=example,dc=org';
export const serviceDn = `cn=ipam,${suffix}`;
export const servicePassword = 'service-secret';
const rootDn = `cn=admin,${suffix}`;
const rootPassword = 'root-secret';

/** A directory user of the seed or added by a test. */
export interface DirectoryPerson {
  uid: string;
  password: string;
  mail?: string;
  groups: string[];
}

/** A running slapd on loopback with its own database, certificates and seed. */
export interface LdapServer {
  /** ldap:// (StartTLS) and ldaps:// URLs on 127.0.0.1. */
  ldapUrl: string;
  ldapsUrl: string;
  /** PEM files: the CA that signed the server's certificate, and a CA that did not. */
  caFile: string;
  otherCaFile: string;
  dnOf(uid: string): string;
  groupDn(name: string): string;
  addPerson(person: DirectoryPerson): Promise<void>;
  /** Replaces the person's group memberships (the memberOf overlay follows). */
  setGroups(uid: string, groups: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** The groups of the seed; `staff` is mapped to no role. */
export const seedGroups = ['net-admins', 'net-rw', 'net-ro', 'staff'] as const;

/** Fails (never skips) when slapd or the LDAP tools are missing, naming the Debian packages. */
function requireBinaries(): void {
  const missing = [SLAPD, LDAPADD, LDAPMODIFY, LDAPWHOAMI, OPENSSL].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `LDAP tests need a real slapd (missing: ${missing.join(', ')}): apt-get install slapd ldap-utils`,
    );
  }
}

/** A CA, and a server certificate for 127.0.0.1 signed by it; plus an unrelated CA. */
async function makeCertificates(dir: string): Promise<void> {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  const path = (name: string) => join(dir, name);
  for (const ca of ['ca', 'other-ca']) {
    await run(
      OPENSSL,
      ['req', '-x509', ...ec, '-keyout', path(`${ca}.key`), '-out', path(`${ca}.pem`)].concat([
        '-days',
        '2',
        '-subj',
        `/CN=IPAM test ${ca}`,
      ]),
    );
  }
  await run(OPENSSL, [
    'req',
    ...ec,
    '-keyout',
    path('server.key'),
    '-out',
    path('server.csr'),
    '-subj',
    '/CN=127.0.0.1',
  ]);
  await writeFile(
    path('server.ext'),
    'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  await run(OPENSSL, [
    'x509',
    '-req',
    '-in',
    path('server.csr'),
    '-CA',
    path('ca.pem'),
    '-CAkey',
    path('ca.key'),
    '-CAcreateserial',
    '-out',
    path('server.pem'),
    '-days',
    '2',
    '-extfile',
    path('server.ext'),
  ]);
}

function slapdConf(dir: string): string {
  return [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'moduleload memberof',
    `pidfile ${join(dir, 'slapd.pid')}`,
    `argsfile ${join(dir, 'slapd.args')}`,
    // Like Active Directory: a DN with an empty password binds anonymously (the trap the client avoids).
    'allow bind_anon_dn',
    `TLSCACertificateFile ${join(dir, 'ca.pem')}`,
    `TLSCertificateFile ${join(dir, 'server.pem')}`,
    `TLSCertificateKeyFile ${join(dir, 'server.key')}`,
    'database mdb',
    'maxsize 16777216',
    `suffix "${suffix}"`,
    `rootdn "${rootDn}"`,
    `rootpw ${rootPassword}`,
    `directory ${join(dir, 'db')}`,
    'overlay memberof',
    'access to attrs=userPassword by anonymous auth by * none',
    `access to * by dn.exact="${serviceDn}" read by self read by * none`,
    '',
  ].join('\n');
}

function personLdif(person: DirectoryPerson): string {
  return [
    `dn: uid=${person.uid},ou=people,${suffix}`,
    'objectClass: inetOrgPerson',
    `uid: ${person.uid}`,
    `cn: ${person.uid} Example`,
    'sn: Example',
    ...(person.mail ? [`mail: ${person.mail}`] : []),
    `userPassword: ${person.password}`,
    '',
  ].join('\n');
}

/**
 * Starts Debian's slapd in the foreground (no systemd, no AppArmor profile involved) on two free
 * loopback ports (ldap:// with StartTLS, ldaps://) and a unix socket for seeding, with an mdb database,
 * the memberOf overlay and certificates made in a temporary folder. `stop()` kills it and removes the
 * folder; it is also killed if the test process exits first.
 */
export async function startLdapServer(people: readonly DirectoryPerson[]): Promise<LdapServer> {
  requireBinaries();
  const dir = await mkdtemp(join(tmpdir(), 'ipam-slapd-'));
  await mkdir(join(dir, 'db'));
  await makeCertificates(dir);
  await writeFile(join(dir, 'slapd.conf'), slapdConf(dir));
  const [ldapPort, ldapsPort] = [await freePort(), await freePort()];
  const socket = `ldapi://${encodeURIComponent(join(dir, 'ldapi'))}`;
  const urls = `ldap://127.0.0.1:${ldapPort}/ ldaps://127.0.0.1:${ldapsPort}/ ${socket}`;
  const child = spawn(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', urls, '-d', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const asRoot = ['-x', '-H', socket, '-D', rootDn, '-w', rootPassword];
  const apply = async (tool: string, ldif: string): Promise<void> => {
    const file = join(dir, `change-${Date.now()}-${Math.random().toString(16).slice(2)}.ldif`);
    await writeFile(file, ldif);
    await run(tool, [...asRoot, '-f', file]);
    await rm(file);
  };

  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const ready = await run(LDAPWHOAMI, asRoot).then(
        () => true,
        () => false,
      );
      if (ready) break;
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`slapd did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const base = [
      `dn: ${suffix}\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example\n`,
      `dn: ${serviceDn}\nobjectClass: simpleSecurityObject\nobjectClass: organizationalRole\ncn: ipam\nuserPassword: ${servicePassword}\n`,
      `dn: ou=people,${suffix}\nobjectClass: organizationalUnit\nou: people\n`,
      `dn: ou=groups,${suffix}\nobjectClass: organizationalUnit\nou: groups\n`,
      ...people.map(personLdif),
      // groupOfNames needs a member: the service entry stands in for an empty group.
      ...seedGroups.map((group) =>
        [
          `dn: cn=${group},ou=groups,${suffix}`,
          'objectClass: groupOfNames',
          `cn: ${group}`,
          `member: ${serviceDn}`,
          ...people
            .filter((p) => p.groups.includes(group))
            .map((p) => `member: uid=${p.uid},ou=people,${suffix}`),
          '',
        ].join('\n'),
      ),
    ];
    await apply(LDAPADD, base.join('\n'));
  } catch (error) {
    await stop();
    throw error;
  }

  const dnOf = (uid: string) => `uid=${uid},ou=people,${suffix}`;
  const groupDn = (name: string) => `cn=${name},ou=groups,${suffix}`;
  const setGroups = async (uid: string, groups: readonly string[]): Promise<void> => {
    for (const group of seedGroups) {
      const change = groups.includes(group) ? 'add' : 'delete';
      const ldif = `dn: ${groupDn(group)}\nchangetype: modify\n${change}: member\nmember: ${dnOf(uid)}\n`;
      // Exit status 20 (already a member) or 16 (not a member): the end state is the one asked for.
      await apply(LDAPMODIFY, ldif).catch((error: { code?: unknown }) => {
        if (error.code !== 20 && error.code !== 16) throw error;
      });
    }
  };
  return {
    ldapUrl: `ldap://127.0.0.1:${ldapPort}`,
    ldapsUrl: `ldaps://127.0.0.1:${ldapsPort}`,
    caFile: join(dir, 'ca.pem'),
    otherCaFile: join(dir, 'other-ca.pem'),
    dnOf,
    groupDn,
    async addPerson(person) {
      await apply(LDAPADD, personLdif(person));
      await setGroups(person.uid, person.groups);
    },
    setGroups,
    stop,
  };
}
