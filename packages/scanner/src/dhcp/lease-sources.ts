import { readFileSync } from 'node:fs';
import type { Prefix } from '@ipam/core/prefix';
import type { SightingSource } from '../scan/sightings.js';
import { UsageError } from '../cli/options.js';
import { readDhcpdLeases } from './dhcpd-leases.js';
import { readKeaControl } from './kea-control.js';
import { readKeaLeaseFile } from './kea-lease-file.js';
import { isCredentials, type LeaseOptions } from './lease-options.js';

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname);
}

/** The control agent's credentials, read once at start; a file that cannot be used is a usage error. */
function keaCredentials(options: LeaseOptions): string | null {
  const given = options.keaCredentials;
  if (given === null) return null;
  if (given.from === 'environment') return given.value;
  let text: string;
  try {
    text = readFileSync(given.path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    throw new UsageError([`--kea-control-auth-file: ${given.path}: ${reason}`]);
  }
  const credentials = text.split('\n')[0]?.trim() ?? '';
  if (!isCredentials(credentials)) {
    throw new UsageError([
      `--kea-control-auth-file: ${given.path} must hold USER:PASSWORD on its first line`,
    ]);
  }
  return credentials;
}

/** A source for each lease file and control agent the options name, read each job (issue 33). */
export function leaseSources(options: LeaseOptions): SightingSource[] {
  const credentials = keaCredentials(options);
  return [
    ...options.keaLeaseFiles.map((path) => ({
      name: `kea ${path}`,
      read: (prefix: Prefix) => readKeaLeaseFile(path, prefix),
    })),
    ...options.dhcpdLeaseFiles.map((path) => ({
      name: `dhcpd ${path}`,
      read: (prefix: Prefix) => readDhcpdLeases(path, prefix),
    })),
    ...options.keaControls.map((url) => ({
      name: `kea-control ${url.origin}`,
      read: (prefix: Prefix) => readKeaControl({ url, credentials }, prefix),
    })),
  ];
}

/** What the agent warns of at start: credentials sent over plain http beyond loopback. */
export function leaseWarnings(options: LeaseOptions): string[] {
  if (options.keaCredentials === null) return [];
  return options.keaControls
    .filter((url) => url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    .map((url) => `the Kea credentials go to ${url.origin} over plain http: use https beyond this machine`);
}
