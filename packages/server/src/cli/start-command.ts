import { databaseTarget, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { startPgEventBus, type PgEventBus } from '../events/pg-event-bus.js';
import { buildApp } from '../app.js';
import { describeLdapAtStart } from '../ldap/ldap-startup.js';
import { linkBase } from '../invites/invite-mailer.js';
import { recordServedAddress } from '../system/served-address-repository.js';
import { sweepImportFolders } from '../table-files/import-folder.js';
import { loadConfig } from './cli-database.js';

/** `ipam start`: migrates the database, then serves the API and the web app until SIGINT/SIGTERM. */
export async function run(_args: readonly string[]): Promise<number> {
  const config = loadConfig();
  if (!config) return 1;
  const target = databaseTarget(config);
  const db = openDatabase(target);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let bus: PgEventBus | undefined;
  try {
    await migrateToLatest(db);
    // Each import removes its own staged upload; those of a process that crashed are removed here.
    const swept = await sweepImportFolders(config.importTempDir);
    if (swept.length > 0) {
      process.stdout.write(`ipam: removed ${swept.length} import folder(s) left by a stopped process\n`);
    }
    if (config.ldap) {
      for (const line of await describeLdapAtStart(db, config.ldap)) process.stdout.write(`${line}\n`);
    }
    // On PostgreSQL live events cross processes (LISTEN/NOTIFY); on SQLite one process serves all.
    if (target.kind === 'postgres') {
      bus = await startPgEventBus({
        url: target.url,
        db,
        warn: (message, error) =>
          app ? app.log.warn({ err: error }, message) : process.stderr.write(`ipam start: ${message}\n`),
      });
    }
    app = await buildApp(config, db, bus ? { events: bus } : {});
    const where = target.kind === 'sqlite' ? target.file : 'PostgreSQL (DATABASE_URL)';
    // Whatever the log level: the operator must know which data this server uses.
    process.stdout.write(`ipam: database ${where}\n`);
    // Fastify logs one line per address it listens on (all interfaces for 0.0.0.0): ours, not a second one.
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `IPAM listening on ${address} (database: ${where})`,
    });
    // The operator's commands (ipam admin reset-password) build links on this, whatever their shell says.
    const listening = app.server.address();
    const port = typeof listening === 'object' && listening !== null ? listening.port : config.port;
    await recordServedAddress(db, linkBase({ ...config, port }));
  } catch (error) {
    process.stderr.write(`ipam start: ${error instanceof Error ? error.message : String(error)}\n`);
    await app?.close();
    await bus?.close();
    await db.destroy();
    return 1;
  }
  const server = app;
  return new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      server.log.info(`${signal}: shutting down`);
      void server
        .close()
        .then(() => bus?.close())
        .then(() => db.destroy())
        .then(() => resolve(0));
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
