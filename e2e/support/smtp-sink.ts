export { startSmtpSink, type SmtpSink } from '../../packages/server/test/smtp-sink.js';

/** The first link in a mail's quoted-printable body that starts with `prefix`, soft line breaks undone. */
export function linkInMail(raw: string, prefix: string): string | undefined {
  const text = raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
  const start = text.indexOf(prefix);
  return start < 0 ? undefined : /^\S+/.exec(text.slice(start))?.[0];
}
