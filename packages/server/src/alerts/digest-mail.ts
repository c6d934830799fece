import { ALERT_KINDS, alertKindLabels, alertText, type Alert, type AlertKind } from '@ipam/core/api/alert';

/** Alerts a digest lists by name per account; the counts cover every one. */
export const DIGEST_LISTED_ALERTS = 50;

/** One e-mail of the outbox: the recipient, subject and both bodies. */
export interface DigestMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What one account's part of a member's digest holds. */
export interface DigestContent {
  to: string;
  accountName: string;
  /** How many alerts of each kind the account got in the period. */
  counts: Readonly<Partial<Record<AlertKind, number>>>;
  /** The first alerts of the period, oldest first (at most DIGEST_LISTED_ALERTS). */
  alerts: readonly Alert[];
  /** The web app's address (PUBLIC_URL), without a trailing slash. */
  linkBase: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** A name made safe for a header line: no line breaks or other control characters, not overly long. */
function headerText(text: string): string {
  return text
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, 120);
}

/** The IP view opened at the alert's address. */
function addressLink(base: string, alert: Alert): string {
  const query = new URLSearchParams({ subnet: alert.subnetId, at: alert.ipAddress });
  return `${base}/ips?${query.toString()}`;
}

function countLine(counts: DigestContent['counts']): string {
  return ALERT_KINDS.flatMap((kind) => {
    const count = counts[kind] ?? 0;
    return count > 0 ? [`${alertKindLabels[kind]}: ${count}`] : [];
  }).join(' · ');
}

/**
 * The daily e-mail of one account's alerts: the counts by kind, then the first alerts, each with a
 * link to its address, and how many more there are. Every name is escaped in the HTML body; the
 * subject carries the account's name on one line.
 */
export function composeDigestMail(content: DigestContent): DigestMail {
  const total = ALERT_KINDS.reduce((sum, kind) => sum + (content.counts[kind] ?? 0), 0);
  const more = total - content.alerts.length;
  const noun = total === 1 ? 'alert' : 'alerts';
  const account = headerText(content.accountName);
  const subject = `IPAM: ${total} discovery ${noun} in ${account}`;
  const dashboard = `${content.linkBase}/`;
  const counts = countLine(content.counts);
  const text = [
    `${total} discovery ${noun} in ${content.accountName} since your last digest.`,
    counts,
    '',
    ...content.alerts.map((alert) => `- ${alertText(alert)}\n  ${addressLink(content.linkBase, alert)}`),
    ...(more > 0 ? ['', `and ${more} more: see the dashboard, ${dashboard}`] : []),
    '',
    'Links open the account you are working in: switch to this account first if you use several.',
    'To stop these e-mails, turn off the daily digest on your Profile page.',
    '',
  ].join('\n');
  const items = content.alerts
    .map((alert) => {
      const href = escapeHtml(addressLink(content.linkBase, alert));
      return `<li><a href="${href}">${escapeHtml(alertText(alert))}</a></li>`;
    })
    .join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${total} discovery ${noun} in <strong>${escapeHtml(content.accountName)}</strong> since your last digest.</p>`,
    `<p>${escapeHtml(counts)}</p>`,
    `<ul>\n${items}\n</ul>`,
    more > 0 ? `<p>and ${more} more: see <a href="${escapeHtml(dashboard)}">the dashboard</a>.</p>` : '',
    '<p>Links open the account you are working in: switch to this account first if you use several.<br>',
    'To stop these e-mails, turn off the daily digest on your Profile page.</p>',
    '</body></html>',
  ].join('\n');
  return { to: content.to, subject, text, html };
}
