import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isPostgres, openDatabase, type DatabaseTarget } from '../db/database.js';
import { ensureServerBuilt, runIpam, serverEnv, startBuiltServer } from '../../test/built-server.js';
import { describeOn, DIALECTS, testPostgresUrl } from '../../test/dialects.js';
import { goodPassword, TestClient, uniqueEmail } from '../../test/factories.js';

/**
 * docs/deploy.md's backup and restore, followed step by step on both engines: fill a server through
 * its API, back up while it runs (`ipam backup` for SQLite, `pg_dump -Fc` for PostgreSQL), stop it,
 * wipe the database, restore, and compare every row of every table; the server then starts on the
 * restored data and its user signs in and finds what they wrote.
 */

/** Every row of every table, each table's rows as sorted JSON lines (the order rows come back in is free). */
async function snapshot(target: DatabaseTarget): Promise<Record<string, string[]>> {
  const db = openDatabase(target);
  try {
    const tables = isPostgres(db)
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db);
    const result: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
      result[name] = rows.rows
        .map((row) =>
          JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
        )
        .sort();
    }
    return result;
  } finally {
    await db.destroy();
  }
}

/** Writes an account's worth of data through the API; returns what the user should find again. */
async function fill(baseUrl: string) {
  const email = uniqueEmail('backup');
  const client = new TestClient(baseUrl);
  const signUp = await client.post('/api/auth/signup', { email, password: goodPassword });
  expect(signUp.status).toBe(201);
  const accountId: string = signUp.body.accounts[0].id;
  const group = await client.post(`/api/accounts/${accountId}/groups`, { name: 'Site A', parentId: null });
  const subnet = await client.post(`/api/accounts/${accountId}/subnets`, {
    name: 'Servers',
    vlanId: 20,
    groupId: group.body.id,
    networkIP: '10.20.0.0',
    bits: 24,
  });
  expect(subnet.status).toBe(201);
  const path = `/api/accounts/${accountId}/subnets/${subnet.body.id}/addresses`;
  for (let host = 1; host <= 40; host += 1) {
    const written = await client.put(`${path}/10.20.0.${host}`, {
      status: host % 4 === 0 ? 'Reserved' : 'In Use',
      hostname: `host-${host}.example.com`,
      description: `rack ${host % 5}`,
    });
    expect(written.status).toBe(200);
  }
  expect((await client.post(`${path}/next`, {})).status).toBe(201);
  return { email, accountId, addressesPath: path };
}

beforeAll(() => {
  // These tests drive the compiled `ipam` command; rebuild when sources are newer than dist.
  expect(ensureServerBuilt()).toBe(true);
}, 180_000);

for (const dialect of DIALECTS) {
  describeOn(dialect)(`backup, wipe, restore and compare (${dialect})`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'ipam-backup-'));
    const databaseName = `ipam_t_restore_${process.pid}_${Date.now()}`;
    const url = new URL(testPostgresUrl);
    url.pathname = `/${databaseName}`;
    const databaseUrl = url.toString();
    const dataDir = join(folder, 'data');
    const env = serverEnv(
      dialect === 'postgres' ? { DATABASE_URL: databaseUrl } : { IPAM_DATA_DIR: dataDir },
    );
    const target: DatabaseTarget =
      dialect === 'postgres'
        ? { kind: 'postgres', url: databaseUrl }
        : { kind: 'sqlite', file: join(dataDir, 'ipam.sqlite') };

    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: testPostgresUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    afterAll(async () => {
      if (dialect === 'postgres') await admin(`drop database if exists ${databaseName} with (force)`);
      rmSync(folder, { recursive: true, force: true });
    });

    it('restores every row, and the server serves them again', async () => {
      if (dialect === 'postgres') await admin(`create database ${databaseName}`);
      let server = await startBuiltServer(env);
      const written = await fill(server.baseUrl);

      // Back up while the server runs, as an operator's nightly job would.
      const backupFile = join(folder, dialect === 'postgres' ? 'ipam.dump' : 'ipam-backup.sqlite');
      if (dialect === 'postgres') {
        execFileSync('pg_dump', ['-Fc', '-f', backupFile, databaseUrl]);
      } else {
        const backup = await runIpam(['backup', backupFile], env);
        expect(backup).toMatchObject({ status: 0, stdout: `backup written to ${backupFile}\n` });
        // The key that seals stored secrets appears once one is stored; it goes with the backup.
        if (existsSync(join(dataDir, 'secret.key')))
          copyFileSync(join(dataDir, 'secret.key'), join(folder, 'secret.key'));
      }
      expect(await server.stop()).toBe(0);
      const before = await snapshot(target);
      expect(before.ip_addresses?.length).toBe(41);

      // Wipe.
      if (dialect === 'postgres') {
        await admin(`drop database ${databaseName}`);
        await admin(`create database ${databaseName}`);
        expect((await snapshot(target)).ip_addresses).toBeUndefined();
      } else {
        rmSync(dataDir, { recursive: true });
      }

      // Restore.
      if (dialect === 'postgres') {
        execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', databaseUrl, backupFile]);
      } else {
        execFileSync('install', ['-d', '-m', '0700', dataDir]);
        copyFileSync(backupFile, join(dataDir, 'ipam.sqlite'));
        if (existsSync(join(folder, 'secret.key')))
          copyFileSync(join(folder, 'secret.key'), join(dataDir, 'secret.key'));
      }
      expect(await snapshot(target)).toEqual(before);

      server = await startBuiltServer(env);
      try {
        const client = new TestClient(server.baseUrl);
        expect(
          (await client.post('/api/auth/login', { email: written.email, password: goodPassword })).status,
        ).toBe(200);
        const address = await client.get(`${written.addressesPath}/10.20.0.7`);
        expect(address.body).toMatchObject({
          status: 'In Use',
          hostname: 'host-7.example.com',
          description: 'rack 2',
        });
      } finally {
        expect(await server.stop()).toBe(0);
      }
      expect(existsSync(backupFile)).toBe(true);
    }, 180_000);
  });
}
