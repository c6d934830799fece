import { z } from 'zod';

/** What a discovery alert is about (issue 33): a host seen the first time, another MAC, no sighting for days. */
export const ALERT_KINDS = ['new_host', 'mac_changed', 'went_stale'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Each kind as screens and e-mails name it. */
export const alertKindLabels: Record<AlertKind, string> = {
  new_host: 'New host',
  mac_changed: 'MAC changed',
  went_stale: 'Went stale',
};

const common = {
  id: z.string(),
  subnetId: z.string(),
  subnetName: z.string().describe("the subnet's name now"),
  cidr: z.string().describe("the subnet's network/prefix"),
  ipAddress: z.string().describe('the address, canonical'),
  createdAt: z.string().describe('when the alert was written (ISO 8601)'),
};

/** A host a scanner found alive for the first time. */
const newHostAlert = z.object({
  ...common,
  kind: z.literal('new_host'),
  details: z.object({
    scannerName: z.string(),
    mac: z.string().nullable().describe('the MAC it answered with, if the scanner saw one'),
    hostname: z.string().describe('the reverse DNS name the scan found, empty for none'),
  }),
});

/** An address that answered with another MAC than the one recorded. */
const macChangedAlert = z.object({
  ...common,
  kind: z.literal('mac_changed'),
  details: z.object({ scannerName: z.string(), previousMac: z.string(), mac: z.string() }),
});

/** An address no scanner has seen for its subnet's "stale after" days. */
const wentStaleAlert = z.object({
  ...common,
  kind: z.literal('went_stale'),
  details: z.object({
    lastSeen: z.string(),
    lastSeenBy: z.string().nullable(),
    staleAfterDays: z.number().int(),
  }),
});

/** One alert as `GET /api/accounts/:a/alerts` answers it. */
export const alertResponse = z.discriminatedUnion('kind', [newHostAlert, macChangedAlert, wentStaleAlert]);
export type Alert = z.infer<typeof alertResponse>;

/** A page of the account's alerts, newest first; `nextCursor` continues it. */
export const alertPageResponse = z.object({
  items: z.array(alertResponse),
  nextCursor: z.string().nullable(),
});
export type AlertPage = z.infer<typeof alertPageResponse>;

/** The alert in one sentence, as a notification or an e-mail says it. */
export function alertText(alert: Alert): string {
  const where = `${alert.ipAddress} in ${alert.subnetName}`;
  switch (alert.kind) {
    case 'new_host':
      return `New host ${where} (scanner ${alert.details.scannerName})`;
    case 'mac_changed':
      return `MAC changed on ${where}: ${alert.details.previousMac} → ${alert.details.mac} (scanner ${alert.details.scannerName})`;
    case 'went_stale': {
      const days = alert.details.staleAfterDays;
      return `${where} went stale: not seen for ${days} ${days === 1 ? 'day' : 'days'}`;
    }
  }
}

/** `GET /api/auth/alert-digest`: whether the user gets the daily e-mail, and whether the server can send it. */
export const alertDigestResponse = z.object({
  isAvailable: z
    .boolean()
    .describe('the server sends e-mail (SMTP_URL is set): only then is the digest offered'),
  isOptedIn: z.boolean().describe('the user gets a daily e-mail of the alerts of their accounts'),
});
export type AlertDigestSettings = z.infer<typeof alertDigestResponse>;
