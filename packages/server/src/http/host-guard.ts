import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';

/** The host name of a Host header value, lower-cased, without its port or IPv6 brackets. */
export function hostNameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined);
  const colon = value.lastIndexOf(':');
  return colon >= 0 && value.indexOf(':') === colon ? value.slice(0, colon) : value;
}

/**
 * Which Host names the server answers to. An IP literal and `localhost` always: DNS rebinding needs a
 * name the attacker controls, which then points at us. Any other name must be PUBLIC_URL's, HOST's (when
 * it is a name) or in ALLOWED_HOSTS.
 */
export function hostAllowList(config: {
  host: string;
  publicUrl: string | null;
  allowedHosts: readonly string[];
}): (host: string | undefined) => boolean {
  const names = new Set(config.allowedHosts.map((name) => name.toLowerCase()));
  names.add('localhost');
  if (config.publicUrl !== null) names.add(new URL(config.publicUrl).hostname.toLowerCase());
  if (isIP(config.host) === 0) names.add(config.host.toLowerCase());
  return (host) => {
    if (host === undefined || host === '') return false;
    const name = hostNameOf(host);
    return isIP(name) !== 0 || names.has(name) || names.has(name.replace(/\.$/, ''));
  };
}

/**
 * Refuses a request whose Host the server does not answer to with 421 (DNS rebinding: a page on
 * another site whose name now resolves to this server must not read or write through it).
 */
export function registerHostGuard(
  app: FastifyInstance,
  config: { host: string; publicUrl: string | null; allowedHosts: readonly string[] },
): void {
  const isAllowed = hostAllowList(config);
  app.addHook('onRequest', async (request) => {
    if (!isAllowed(request.headers.host)) {
      throw new DomainError('host_not_allowed', messages.hostNotAllowed);
    }
  });
}
