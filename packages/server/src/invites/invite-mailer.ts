import nodemailer from 'nodemailer';

/** Sends the server's e-mails (invites, reset links, support messages); `null` when no SMTP_URL is configured. */
export interface InviteMailer {
  sendInvite(invite: { to: string; accountReference: string; invitedBy: string; url: string }): Promise<void>;
  sendPasswordReset(reset: { to: string; url: string }): Promise<void>;
  sendSupportMessage(message: { to: string; subject: string; text: string; replyTo: string }): Promise<void>;
  /** An e-mail written whole by its producer (the daily digest of alerts), with a text and an HTML body. */
  sendComposed(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
}

/** The base of links in e-mails and printed links: PUBLIC_URL, else the address the server listens on. */
export function linkBase(config: { publicUrl: string | null; host?: string; port?: number }): string {
  if (config.publicUrl) return config.publicUrl;
  const host = !config.host || config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port ?? 8080}`;
}

/** An SMTP mailer for SMTP_URL, or null when there is none. */
export function createInviteMailer(config: {
  smtpUrl: string | null;
  contactEmail: string;
}): InviteMailer | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async sendInvite({ to, accountReference, invitedBy, url }) {
      await transport.sendMail({
        from: config.contactEmail,
        to,
        subject: `You are invited to ${accountReference} on IPAM`,
        text:
          `${invitedBy} invited you to the IPAM account "${accountReference}".\n\n` +
          `Sign up or log in through this link to join:\n${url}\n`,
      });
    },
    async sendPasswordReset({ to, url }) {
      await transport.sendMail({
        from: config.contactEmail,
        to,
        subject: 'Reset your IPAM password',
        text:
          `Someone asked to reset the password of the IPAM account of ${to}.\n\n` +
          `This link sets a new password; it works once, within 1 hour:\n${url}\n\n` +
          `If it was not you, ignore this e-mail: your password stays as it is.\n`,
      });
    },
    async sendSupportMessage({ to, subject, text, replyTo }) {
      await transport.sendMail({ from: config.contactEmail, to, replyTo, subject, text });
    },
    async sendComposed({ to, subject, text, html }) {
      await transport.sendMail({ from: config.contactEmail, to, subject, text, html });
    },
  };
}
