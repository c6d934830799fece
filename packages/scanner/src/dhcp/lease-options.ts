import { resolve } from 'node:path';

/** Where the agent reads DHCP leases, as its command line and environment say. */
export interface LeaseOptions {
  readonly keaLeaseFiles: string[];
  readonly dhcpdLeaseFiles: string[];
  readonly keaControls: URL[];
  /** The control agent's basic-auth credentials: from IPAM_KEA_CONTROL_AUTH, a file read at start, or none. */
  readonly keaCredentials:
    | { readonly from: 'environment'; readonly value: string }
    | { readonly from: 'file'; readonly path: string }
    | null;
}

/** The command-line options of the lease sources, for node:util's parseArgs. */
export const leaseArgumentSpec = {
  'kea-leases': { type: 'string', multiple: true },
  'dhcpd-leases': { type: 'string', multiple: true },
  'kea-control': { type: 'string', multiple: true },
  'kea-control-auth-file': { type: 'string' },
} as const;

/** What parseArgs gives for `leaseArgumentSpec`. */
export interface LeaseArgumentValues {
  readonly 'kea-leases'?: string[];
  readonly 'dhcpd-leases'?: string[];
  readonly 'kea-control'?: string[];
  readonly 'kea-control-auth-file'?: string;
}

export const KEA_AUTH_VARIABLE = 'IPAM_KEA_CONTROL_AUTH';

/** `user:password` with a non-empty user (the password may hold colons, as Kea allows). */
export function isCredentials(text: string): boolean {
  return /^[^:\s]+:\S/.test(text);
}

function controlUrl(text: string, problems: string[]): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.push(`--kea-control: ${JSON.stringify(text)} is not a URL (e.g. http://127.0.0.1:8000/)`);
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`--kea-control: must be an http:// or https:// URL`);
    return null;
  }
  if (url.username !== '' || url.password !== '') {
    problems.push(
      `--kea-control: put the credentials in ${KEA_AUTH_VARIABLE} or --kea-control-auth-file, not in the URL ` +
        '(a command line is visible to every user of the machine)',
    );
    return null;
  }
  return url;
}

/** Checks the lease options; every problem is named, for one usage error with the other options'. */
export function parseLeaseOptions(
  values: LeaseArgumentValues,
  env: NodeJS.ProcessEnv,
): { options: LeaseOptions; problems: string[] } {
  const problems: string[] = [];
  const paths = (name: 'kea-leases' | 'dhcpd-leases') =>
    (values[name] ?? []).flatMap((path) => {
      if (path.trim() !== '') return [resolve(path)];
      problems.push(`--${name}: must be the path of a lease file`);
      return [];
    });
  const keaLeaseFiles = paths('kea-leases');
  const dhcpdLeaseFiles = paths('dhcpd-leases');
  const keaControls = (values['kea-control'] ?? []).flatMap((text) => controlUrl(text, problems) ?? []);
  const fromEnvironment = env[KEA_AUTH_VARIABLE];
  const file = values['kea-control-auth-file'];
  let keaCredentials: LeaseOptions['keaCredentials'] = null;
  if (file !== undefined && fromEnvironment !== undefined) {
    problems.push(`--kea-control-auth-file: give the credentials once (${KEA_AUTH_VARIABLE} is set too)`);
  } else if (file !== undefined) {
    if (keaControls.length === 0 && problems.length === 0) {
      problems.push('--kea-control-auth-file: only with --kea-control');
    }
    keaCredentials = { from: 'file', path: resolve(file) };
  } else if (fromEnvironment !== undefined && keaControls.length > 0) {
    if (!isCredentials(fromEnvironment)) problems.push(`${KEA_AUTH_VARIABLE}: must be USER:PASSWORD`);
    keaCredentials = { from: 'environment', value: fromEnvironment };
  }
  return { options: { keaLeaseFiles, dhcpdLeaseFiles, keaControls, keaCredentials }, problems };
}
