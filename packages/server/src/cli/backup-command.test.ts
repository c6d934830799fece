import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { backupDatabase } from './backup-command.js';
import { openDatabase } from '../db/database.js';
import { describeOn, DIALECTS, useTestDatabase } from '../../test/dialects.js';
import { createUser } from '../../test/factories.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`ipam backup (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it(
      dialect === 'sqlite' ? 'writes a consistent copy that opens with the data in it' : 'points to pg_dump',
      async () => {
        const { db, dataDir } = database.current;
        const user = await createUser(db);
        const file = join(dataDir, 'backup.sqlite');
        let out = '';
        let err = '';
        const status = await backupDatabase(
          db,
          [file],
          (t) => (out += t),
          (t) => (err += t),
        );
        if (dialect === 'postgres') {
          expect(status).toBe(1);
          expect(err).toContain('pg_dump');
          return;
        }
        expect(status).toBe(0);
        expect(out).toContain(file);
        const copy = openDatabase({ kind: 'sqlite', file });
        const users = await copy.selectFrom('users').select('email').execute();
        await copy.destroy();
        expect(users.map((u) => u.email)).toContain(user.email);
        expect(
          await backupDatabase(
            db,
            [file],
            () => {},
            (t) => (err += t),
          ),
        ).toBe(1);
        expect(err).toContain('already exists');
        expect(existsSync(file)).toBe(true);
      },
    );
  });
}
