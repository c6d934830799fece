// Brings in @fastify/cookie's request/reply typings for this file.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SecretBox } from '../two-factor/secret-box.js';

/** The cookie that carries a sign-in from its start to the provider's answer, sealed. */
export const ssoFlowCookie = 'ipam_sso';
const cookiePath = '/api/auth/sso';
/** A sign-in at the provider must come back within this time. */
export const ssoFlowMaxAgeMs = 10 * 60 * 1000;

const flowSchema = z.object({
  slug: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  /** Set when a signed-in user asked to link the provider: only their session may finish it. */
  linkUserId: z.string().optional(),
  startedAt: z.number(),
});

/** What a sign-in in progress keeps in the browser (sealed: the browser can neither read nor change it). */
export type SsoFlow = z.infer<typeof flowSchema>;

/**
 * Keeps the flow in an HttpOnly, SameSite=Lax cookie of the SSO routes, sealed with the server's key
 * (AES-256-GCM). The state, nonce and PKCE verifier are thus bound to the browser that started the
 * sign-in: an answer carried to another browser finds no flow (no login CSRF), and any process sharing
 * the key can finish it (nothing kept in memory).
 */
export function setFlowCookie(
  reply: FastifyReply,
  secrets: SecretBox,
  flow: SsoFlow,
  publicUrl: string | null,
): void {
  reply.setCookie(ssoFlowCookie, secrets.seal(JSON.stringify(flow)), {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl?.startsWith('https:') ?? false,
    maxAge: Math.floor(ssoFlowMaxAgeMs / 1000),
  });
}

/** Ends the flow: one answer per start. */
export function clearFlowCookie(reply: FastifyReply, publicUrl: string | null): void {
  reply.clearCookie(ssoFlowCookie, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl?.startsWith('https:') ?? false,
  });
}

/** The flow of the request's cookie, or null when there is none, it was changed, or it is too old. */
export function readFlowCookie(request: FastifyRequest, secrets: SecretBox, nowMs: number): SsoFlow | null {
  const sealed = request.cookies[ssoFlowCookie];
  if (!sealed || sealed.length > 4000) return null;
  try {
    const flow = flowSchema.parse(JSON.parse(secrets.open(sealed)));
    return nowMs - flow.startedAt <= ssoFlowMaxAgeMs && flow.startedAt <= nowMs ? flow : null;
  } catch {
    return null;
  }
}
