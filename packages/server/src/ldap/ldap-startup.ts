import { access, constants } from 'node:fs/promises';
import { findAccountById } from '../accounts/account-repository.js';
import type { LdapConfig } from '../config/ldap-env.js';
import type { Db } from '../db/database.js';

const transportNames = {
  ldaps: 'LDAPS',
  starttls: 'StartTLS',
  plaintext: 'plaintext (loopback only)',
} as const;

/**
 * What `ipam start` tells the operator about directory sign-in: a line naming the directory, and a
 * warning when LDAP_ACCOUNT_ID names no account (every sign-in would be refused). A CA file the
 * server cannot read stops the start: no sign-in could be checked.
 */
export async function describeLdapAtStart(db: Db, ldap: LdapConfig): Promise<string[]> {
  if (ldap.caFile !== null) {
    try {
      await access(ldap.caFile, constants.R_OK);
    } catch {
      throw new Error(`LDAP_CA_FILE: cannot read ${ldap.caFile}`);
    }
  }
  const lines = [`ipam: directory sign-in through ${ldap.url} (${transportNames[ldap.transport]})`];
  if (!(await findAccountById(db, ldap.accountId))) {
    lines.push(
      `ipam: warning: LDAP_ACCOUNT_ID ${ldap.accountId} is no account; directory sign-ins are refused ` +
        'until it names one (ipam admin accounts lists them)',
    );
  }
  return lines;
}
