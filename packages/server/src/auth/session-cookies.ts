// Brings in @fastify/cookie's request/reply typings for this file.
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { sessionIdleMs } from './sessions.js';

/** Name of the HttpOnly session cookie. */
export const sessionCookie = 'ipam_session';
/** The spec's cookie holding the chosen account (one year). */
export const accountCookie = 'accountId';
const oneYearSeconds = 31_536_000;

/** Cookie options shared by both cookies: Secure when the public URL is https. */
function baseOptions(publicUrl: string | null) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: publicUrl?.startsWith('https:') ?? false,
  };
}

/** Sets the session cookie (HttpOnly, SameSite=Lax). */
export function setSessionCookie(reply: FastifyReply, token: string, publicUrl: string | null): void {
  reply.setCookie(sessionCookie, token, {
    ...baseOptions(publicUrl),
    httpOnly: true,
    maxAge: Math.floor(sessionIdleMs / 1000),
  });
}

/** Clears the session and account cookies. */
export function clearAuthCookies(reply: FastifyReply, publicUrl: string | null): void {
  reply.clearCookie(sessionCookie, { ...baseOptions(publicUrl), httpOnly: true });
  reply.clearCookie(accountCookie, baseOptions(publicUrl));
}

/** Stores the chosen account for a year. Readable by the page, like the spec's cookie. */
export function setAccountCookie(reply: FastifyReply, accountId: string, publicUrl: string | null): void {
  reply.setCookie(accountCookie, accountId, { ...baseOptions(publicUrl), maxAge: oneYearSeconds });
}
