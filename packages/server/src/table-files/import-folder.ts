import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** A folder older than this is left over whoever made it: no import runs this long. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** `<host>-<pid>-`: who made a folder, so a sweep can tell whether its maker still runs. */
function makerPrefix(): string {
  return `${hostname()}-${process.pid}-`;
}

/**
 * Makes `root` if missing (private), and refuses one this process may not keep uploads in: another
 * user's (in a shared /tmp it could be made before us, to read what is staged), or one others may open.
 */
export async function ownImportRoot(root: string): Promise<void> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  const info = await stat(root);
  const uid = process.getuid?.();
  if ((uid !== undefined && info.uid !== uid) || (info.mode & 0o077) !== 0) {
    throw new Error(
      `IMPORT_TEMP_DIR ${root} must be a folder of this user (uid ${uid ?? '?'}) that no one else may open; ` +
        `it belongs to uid ${info.uid} with mode ${(info.mode & 0o777).toString(8)}`,
    );
  }
}

/** A folder of its own for one import's staged upload, under `root` (made if missing, private). */
export async function createImportFolder(root: string): Promise<string> {
  await ownImportRoot(root);
  return mkdtemp(join(root, makerPrefix()));
}

/** Removes an import's folder and what it holds (never throws: nothing is left to do about it). */
export async function removeImportFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true }).catch(() => undefined);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Removes the folders imports left under `root` when their process died (a crash, a kill): those of
 * this host whose process no longer runs or is this one (a new process has no import yet), and any
 * older than a day. Run at start; answers the names removed.
 */
export async function sweepImportFolders(root: string, now = Date.now()): Promise<string[]> {
  await ownImportRoot(root);
  const names = await readdir(root);
  const host = hostname();
  const removed: string[] = [];
  for (const name of names) {
    const maker = /^(.+)-(\d+)-[^-]+$/.exec(name);
    if (!maker) continue; // not an import's folder: left alone
    const pid = Number(maker[2]);
    const isOrphan = maker[1] === host && (pid === process.pid || !isRunning(pid));
    const modified = await stat(join(root, name)).then(
      (info) => info.mtimeMs,
      () => now,
    );
    if (isOrphan || now - modified > STALE_AFTER_MS) {
      await removeImportFolder(join(root, name));
      removed.push(name);
    }
  }
  return removed;
}
