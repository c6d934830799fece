import { afterAll, expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, startSmtpSink, uniqueEmail, useTestApp } from '../../test/factories.js';
import { runAdmin } from '../cli/admin-command.js';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

function capture() {
  const lines = { out: '', err: '' };
  return { lines, out: (t: string) => (lines.out += t), err: (t: string) => (lines.err += t) };
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`support messages reach someone (${dialect})`, () => {
    const inbox = uniqueEmail('support-inbox');
    const t = useTestApp(dialect, { SMTP_URL: smtp.url, SUPPORT_INBOX: inbox });

    it('tells the web app that support messages reach a mailbox, so its pages may promise an answer', async () => {
      const config = await t.current.client().get('/api/config');
      expect(config.body.supportByEmail).toBe(true);
    });

    it('mails each stored message to SUPPORT_INBOX, replying to the sender', async () => {
      const user = await signUp(t.current);
      const sent = await user.client.post('/api/support/messages', {
        kind: 'feedback',
        subject: 'Dark mode',
        message: 'Please add a dark mode.',
      });
      expect(sent.status).toBe(201);
      const mail = smtp.messages.find((m) => m.to.includes(inbox));
      expect(mail?.raw).toContain('Subject: [IPAM feedback] Dark mode');
      expect(mail?.raw).toContain(`Reply-To: ${user.email}`);
      expect(mail?.raw).toContain('Please add a dark mode.');
      expect(mail?.raw).toContain(sent.body.id);
    });

    it('lists the stored messages with `ipam admin messages`', async () => {
      const user = await signUp(t.current);
      await user.client.post('/api/support/messages', {
        kind: 'feedback',
        message: 'The calculator is great.',
      });
      const io = capture();
      expect(await runAdmin(t.current.db, ['messages', '--limit', '1'], io.out, io.err)).toBe(0);
      expect(io.lines.out).toMatch(
        new RegExp(`^\\S+Z  feedback  from ${user.email}  account ${user.accountId}  id `),
      );
      expect(io.lines.out).toContain('The calculator is great.\n');
      expect(io.lines.out).not.toContain('Dark mode');
      expect(await runAdmin(t.current.db, ['messages', '--limit', 'all'], io.out, io.err)).toBe(2);
    });
  });
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`support messages without an inbox (${dialect})`, () => {
    const t = useTestApp(dialect, { SMTP_URL: smtp.url });

    it('are stored only, and the web app is told not to promise an answer by e-mail', async () => {
      expect((await t.current.client().get('/api/config')).body.supportByEmail).toBe(false);
      const user = await signUp(t.current);
      const before = smtp.messages.length;
      const sent = await user.client.post('/api/support/messages', { kind: 'feedback', message: 'Hello.' });
      expect(sent.status).toBe(201);
      expect(smtp.messages.length).toBe(before);
      const io = capture();
      expect(await runAdmin(t.current.db, ['messages'], io.out, io.err)).toBe(0);
      expect(io.lines.out).toContain('Hello.\n');
    });
  });
}
