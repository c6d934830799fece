import { z } from 'zod';
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_USER } from '../../limits.js';
import { errorResponse } from '../common.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const streamDescription =
  'Server-Sent Events (text/event-stream) for members of the account. Every change to its groups, ' +
  'subnets, addresses, approvals, users and invites sends one event with the default event name: ' +
  '`data: {"kind": "group", "id": "...", "subnetId"?: "..."}`. A `:` comment every ~25 s keeps the ' +
  'connection open. Access is checked again before every delivery and every ~25 s: a user removed ' +
  'from the account or logged out is disconnected, and reconnecting then answers 404 or 401. A user ' +
  `may hold ${MAX_STREAMS_PER_USER} streams and an account ${MAX_STREAMS_PER_ACCOUNT} (per server ` +
  "process); more answer 429. Streams take at most a share of the server's connections " +
  '(EVENT_STREAM_SHARE, half by default) and one client address (an IPv6 /64) at most ' +
  'EVENT_STREAMS_PER_ADDRESS of them (429 beyond); when the share is full, a new stream takes the ' +
  'place of the longest-idle stream of the address holding the most, which ends (EventSource ' +
  "reconnects), or answers 429 when no address holds more than the newcomer's would. The request must send " +
  '`Accept: text/event-stream` (EventSource does); any other Accept is a 400, so a plain HTTP client ' +
  'never hangs on a response that does not end.';

/** The account's live event stream (the browser opens it with EventSource, not through the JSON client). */
export const eventRoutes = {
  stream: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/events',
    tags: ['events'],
    summary: 'Live events of the account (Server-Sent Events)',
    description: streamDescription,
    params: accountParams,
    produces: ['text/event-stream'],
    responses: {
      200: z.unknown().describe('the event stream (text/event-stream), open until the client leaves'),
      400: errorResponse,
      401: errorResponse,
      404: errorResponse,
      429: errorResponse,
    },
  }),
};
