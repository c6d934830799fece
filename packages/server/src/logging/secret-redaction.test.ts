import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { goodPassword, signUp, useTestApp } from '../../test/factories.js';
import { issueResetToken } from '../auth/password-reset.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`reset and invite tokens and passwords never reach the log (${dialect})`, () => {
    let logged = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString('utf8');
        done();
      },
    });
    const t = useTestApp(dialect, { LOG_LEVEL: 'trace', LOG_FORMAT: 'json' }, { logStream: stream });

    it('logs the reset page, the confirm call and a password change without their secrets', async () => {
      const user = await signUp(t.current);
      const token = await issueResetToken(t.current.db, user.userId);
      await t.current.client().get(`/reset-password?token=${token}`);
      await t.current.client().get(`/login?tab=signup&invite=${token}x`);
      await user.client.post('/api/auth/password', {
        currentPassword: goodPassword,
        newPassword: 'Secret-Horse-31',
      });
      const confirm = await t.current.client().post('/api/auth/password-reset/confirm', {
        token,
        password: 'Other-Secret-Horse-32',
      });
      expect(confirm.status).toBe(204);
      expect(logged).toContain('/reset-password?token=[redacted]');
      expect(logged).toContain('invite=[redacted]');
      for (const secret of [token, goodPassword, 'Secret-Horse-31', 'Other-Secret-Horse-32']) {
        expect(logged).not.toContain(secret);
      }
    });
  });
}
