import { request as httpRequest } from 'node:http';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { createSubnetIn, tierOnePerson, type TierOnePerson } from '../../test/ipam-factories.js';
import { openSocket } from '../../test/raw-http.js';
import { eventually } from '../../test/sse-client.js';
import { workbookOf, XLSX } from '../../test/table-file-factories.js';
import { diskBomb } from '../../test/xlsx-caps.js';
import { createImportFolder, sweepImportFolders } from './import-folder.js';

/** Bytes of every file under `root` right now (an import's folder may vanish while it is walked). */
function bytesUnder(root: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true, recursive: true });
  } catch {
    return 0; // a folder was removed between listing and reading it: this sample is skipped
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      total += statSync(join(entry.parentPath, entry.name)).size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`XLSX import staging (${dialect})`, () => {
    const staging = mkdtempSync(join(tmpdir(), 'ipam-import-staging-'));
    const t = useTestApp(dialect, { IMPORT_TEMP_DIR: staging });
    afterAll(() => rmSync(staging, { recursive: true, force: true }));

    async function upload(who: TierOnePerson, subnetId: string, body: Buffer) {
      const response = await fetch(
        `${t.current.baseUrl}/api/accounts/${who.accountId}/subnets/${subnetId}/addresses/import?dryRun=true`,
        { method: 'POST', headers: { cookie: who.cookie, 'content-type': XLSX }, body: new Uint8Array(body) },
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    it('refuses the disk bomb with a 413 holding no more on disk than the upload, and leaves nothing', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.0.0.0/24');
      const bomb = diskBomb();
      let most = 0;
      const sampler = setInterval(() => (most = Math.max(most, bytesUnder(staging))), 1);
      const answer = await upload(me, subnet.id, bomb).finally(() => clearInterval(sampler));
      expect(answer).toEqual({
        status: 413,
        body: { error: messages.importUnpacksTooLarge(20, 256), code: 'payload_too_large' },
      });
      // Before issue 36 the sheet was unpacked to a temporary file first: ~70 MB here, 1 GB in the issue.
      expect(most).toBeLessThanOrEqual(bomb.length);
      expect(readdirSync(staging)).toEqual([]);
    });

    it('removes the import folder after every outcome: rows read, a refused header, an unreadable file', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.0.1.0/24');
      const good = await workbookOf([
        ['ipAddress', 'status'],
        ['10.0.1.1', 'In Use'],
      ]);
      expect((await upload(me, subnet.id, good)).body.counts).toEqual({
        create: 1,
        update: 0,
        unchanged: 0,
        error: 0,
      });
      expect(readdirSync(staging)).toEqual([]);
      const badHeader = await workbookOf([
        ['ipAddress', 'colour'],
        ...Array.from({ length: 500 }, () => ['x', 'y']),
      ]);
      expect((await upload(me, subnet.id, badHeader)).status).toBe(200);
      expect(readdirSync(staging)).toEqual([]);
      expect(await upload(me, subnet.id, Buffer.from('PK\u0003\u0004 not really'))).toMatchObject({
        status: 400,
        body: { code: 'import_unreadable' },
      });
      expect(readdirSync(staging)).toEqual([]);
    });

    it('answers 413 to an upload past 32 MB sent without Content-Length, leaving nothing', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.0.3.0/24');
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const path = `/api/accounts/${me.accountId}/subnets/${subnet.id}/addresses/import?dryRun=true`;
        const request = httpRequest(
          `${t.current.baseUrl}${path}`,
          { method: 'POST', headers: { cookie: me.cookie, 'content-type': XLSX }, agent: false },
          (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (text: string) => (body += text));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        const chunk = Buffer.alloc(1024 * 1024, 7); // no Content-Length: sent chunked, counted as it comes
        const send = (left: number) => {
          if (left === 0) request.end();
          else request.write(chunk, () => send(left - 1));
        };
        send(34);
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error: messages.importTooLarge(32),
        code: 'payload_too_large',
      });
      expect(readdirSync(staging)).toEqual([]);
    });

    it('removes the folder of an upload whose client went away halfway', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.0.2.0/24');
      const socket = await openSocket(t.current.baseUrl);
      const path = `/api/accounts/${me.accountId}/subnets/${subnet.id}/addresses/import?dryRun=true`;
      socket.write(
        `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${me.cookie}\r\n` +
          `content-type: ${XLSX}\r\ncontent-length: 1000000\r\n\r\n`,
      );
      socket.write(Buffer.alloc(300_000, 1));
      await eventually(() => bytesUnder(staging) >= 300_000);
      expect(readdirSync(staging)).toHaveLength(1);
      socket.destroy();
      await eventually(() => readdirSync(staging).length === 0);
    });
  });
}

it('sweeps the folders a dead process left at start, keeping those of running ones', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ipam-import-sweep-'));
  const folders = {
    dead: `${hostname()}-999999999-abc123`,
    alive: `${hostname()}-${process.ppid}-abc123`,
    otherHostRecent: `elsewhere-1-abc123`,
    otherHostOld: `elsewhere-2-abc123`,
    notOurs: 'lost+found',
  };
  for (const name of Object.values(folders)) {
    mkdirSync(join(root, name), { recursive: true });
    writeFileSync(join(root, name, 'upload.xlsx'), 'x');
  }
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  utimesSync(join(root, folders.otherHostOld), twoDaysAgo, twoDaysAgo);
  expect((await sweepImportFolders(root)).sort()).toEqual([folders.dead, folders.otherHostOld].sort());
  expect(readdirSync(root).sort()).toEqual([folders.alive, folders.otherHostRecent, folders.notOurs].sort());
  expect(await sweepImportFolders(join(root, 'missing'))).toEqual([]);
  rmSync(root, { recursive: true });
});

it('refuses to stage uploads in a folder others may open, or one another user made first', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ipam-import-root-'));
  chmodSync(root, 0o755);
  await expect(sweepImportFolders(root)).rejects.toThrow(
    /IMPORT_TEMP_DIR .* no one else may open; .* mode 755/,
  );
  await expect(createImportFolder(root)).rejects.toThrow(/mode 755/);
  chmodSync(root, 0o700);
  expect(await sweepImportFolders(root)).toEqual([]);
  const uid = process.getuid?.();
  if (uid === 0) {
    // In a shared /tmp another user could make the folder before the server does, to read uploads.
    chownSync(root, 65534, 65534);
    await expect(createImportFolder(root)).rejects.toThrow(/belongs to uid 65534/);
  }
  rmSync(root, { recursive: true });
});
