import { z } from 'zod';

/** What a live event can be about; the web app refreshes what depends on it. */
export const LIVE_EVENT_KINDS = [
  'account',
  'user',
  'invite',
  'group',
  'vrf',
  'subnet',
  'address',
  'approval',
  'calculation',
  'scanner',
  'plan',
  'token',
  'import',
  'alert',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/**
 * One live event on `GET /api/accounts/:a/events` (Server-Sent Events, `data:` line): what changed in
 * the account. It names the object, never its content: clients re-read what they show.
 */
export const liveEventSchema = z.object({
  kind: z.enum(LIVE_EVENT_KINDS),
  id: z.string().describe('the changed object; the subnet for bulk changes of its addresses'),
  subnetId: z.string().optional().describe('the subnet an address, approval or alert belongs to'),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
