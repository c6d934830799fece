import { expect, it } from 'vitest';
import { runAdmin } from './admin-command.js';
import { logIn } from '../auth/log-in.js';
import { confirmPasswordReset } from '../auth/password-reset.js';
import { recordServedAddress } from '../system/served-address-repository.js';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { createUser, goodPassword } from '../../test/factories.js';

function capture() {
  const lines = { out: '', err: '' };
  return { lines, out: (t: string) => (lines.out += t), err: (t: string) => (lines.err += t) };
}

describeEachDialect('ipam admin reset-password (%s)', (dialect) => {
  const database = useTestDatabase(dialect);

  // First, while no server has started on this database.
  it('without PUBLIC_URL or an address recorded by the server, says so and makes no link', async () => {
    const { db } = database.current;
    const user = await createUser(db);
    const io = capture();
    expect(await runAdmin(db, ['reset-password', user.email], io.out, io.err)).toBe(1);
    expect(io.lines.err).toContain('PUBLIC_URL is not set here and no\nserver has started on this database');
    expect(io.lines.err).toContain('Start it once (ipam start)');
    expect(io.lines.out).toBe('');
    expect(await db.selectFrom('password_resets').select('id').execute()).toEqual([]);
  });

  it('builds the link on the address the server recorded at start, and PUBLIC_URL here wins', async () => {
    const { db } = database.current;
    const user = await createUser(db);
    await recordServedAddress(db, 'http://127.0.0.1:8080');
    // A later start (another port) replaces the address.
    await recordServedAddress(db, 'http://127.0.0.1:3000');
    const io = capture();
    expect(await runAdmin(db, ['reset-password', user.email], io.out, io.err)).toBe(0);
    expect(io.lines.out).toMatch(/\nhttp:\/\/127\.0\.0\.1:3000\/reset-password\?token=[A-Za-z0-9_-]{43}\n$/);
    const withPublicUrl = capture();
    expect(
      await runAdmin(
        db,
        ['reset-password', user.email],
        withPublicUrl.out,
        withPublicUrl.err,
        'https://ipam.example',
      ),
    ).toBe(0);
    expect(withPublicUrl.lines.out).toContain('\nhttps://ipam.example/reset-password?token=');
  });

  it('prints a single-use reset link that sets a new password', async () => {
    const { db } = database.current;
    const user = await createUser(db);
    const io = capture();
    const status = await runAdmin(
      db,
      ['reset-password', user.email.toUpperCase()],
      io.out,
      io.err,
      'https://ipam.example',
    );
    expect(status).toBe(0);
    const token = /https:\/\/ipam\.example\/reset-password\?token=([A-Za-z0-9_-]{43})\n/.exec(
      io.lines.out,
    )?.[1];
    expect(token).toBeDefined();
    await confirmPasswordReset(db, { token: token ?? '', password: 'admin set horse' });
    await expect(logIn(db, { email: user.email, password: goodPassword }, '127.0.0.1')).rejects.toMatchObject(
      {
        code: 'login_failed',
      },
    );
    await expect(
      logIn(db, { email: user.email, password: 'admin set horse' }, '127.0.0.1'),
    ).resolves.toMatchObject({
      userId: user.userId,
    });
    await expect(
      confirmPasswordReset(db, { token: token ?? '', password: 'again set horse' }),
    ).rejects.toMatchObject({
      code: 'reset_link_invalid',
    });
    // Only the token's hash is stored.
    const stored = await db.selectFrom('password_resets').select('id').execute();
    expect(stored.map((r) => r.id)).not.toContain(token);
  });

  it('refuses an unknown e-mail and a missing one', async () => {
    const { db } = database.current;
    const io = capture();
    expect(await runAdmin(db, ['reset-password', 'nobody@example.com'], io.out, io.err)).toBe(1);
    expect(io.lines.err).toContain("no user with e-mail 'nobody@example.com'");
    expect(await runAdmin(db, ['reset-password'], io.out, io.err)).toBe(2);
    expect(io.lines.out).toBe('');
  });
});
