import nodemailer from 'nodemailer';

/** Sends invite e-mails; `null` when no SMTP_URL is configured. */
export interface InviteMailer {
  sendInvite(invite: { to: string; accountReference: string; invitedBy: string }): Promise<void>;
}

/** An SMTP mailer for SMTP_URL, or null when there is none. */
export function createInviteMailer(config: {
  smtpUrl: string | null;
  publicUrl: string | null;
  contactEmail: string;
}): InviteMailer | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  const signupUrl = `${config.publicUrl ?? 'http://127.0.0.1:8080'}/signup`;
  return {
    async sendInvite({ to, accountReference, invitedBy }) {
      await transport.sendMail({
        from: config.contactEmail,
        to,
        subject: `You are invited to ${accountReference} on IPAM`,
        text:
          `${invitedBy} invited you to the IPAM account "${accountReference}".\n\n` +
          `Sign up or log in with this e-mail address (${to}) to join:\n${signupUrl}\n`,
      });
    },
  };
}
