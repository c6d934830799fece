import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request URL with the credentials of its query hidden: reset and invite link tokens, an OpenID code and state. */
export function redactedUrl(url: string): string {
  return url.replace(/([?&](?:token|invite|code|state)=)[^&#]*/gi, '$1[redacted]');
}

/** `GET /api/health 200 1.2 ms`: what the one line of a request says first. */
export function requestSummary(request: FastifyRequest, reply: FastifyReply): string {
  return `${request.method} ${redactedUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
}

/**
 * Fastify's request logging, one line per request: it logs "incoming request" and "request
 * completed" (two lines a request) and a separate "not found" line; we log the completed request
 * only, with method, URL, status and time. A client leaving an open stream (an event stream it
 * closed) is routine, so it is a debug line, not an info line that reads like an error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, requestSummary(request, reply));
    else reply.log.info(entry, requestSummary(request, reply));
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ('code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug({ res: reply }, `${requestSummary(request, reply)}, closed by the client`);
    } else {
      super.streamError(error, request, reply);
    }
  }
}
