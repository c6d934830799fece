import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { allRoutes } from '@ipam/core/api/routes/all-routes';
import { messages } from '@ipam/core/messages';
import { createServer } from 'node:http';
import type { Writable } from 'node:stream';
import { registerAccountRoutes } from './accounts/account-routes.js';
import { registerMemberRoutes } from './accounts/member-routes.js';
import { registerAddressRoutes } from './addresses/address-routes.js';
import { registerApprovalRoutes } from './approvals/approval-routes.js';
import { registerScanHistoryRoutes } from './scanners/scan-history-routes.js';
import { registerAuditRoutes } from './audit/audit-routes.js';
import { registerAuthRoutes } from './auth/auth-routes.js';
import { createSecretBox } from './two-factor/secret-box.js';
import { registerTwoFactorRoutes } from './two-factor/two-factor-routes.js';
import { registerPasskeyRoutes } from './two-factor/passkey-routes.js';
import { deleteExpiredChallenges } from './two-factor/webauthn-challenge-repository.js';
import { registerDirectoryLoginRoutes } from './ldap/directory-login-routes.js';
import { deleteExpiredPendingLogins } from './two-factor/pending-login-repository.js';
import { sharedCounters } from './limits/rate-counters.js';
import { deleteExpiredCounts } from './limits/rate-counter-repository.js';
import { deleteExpiredSessions } from './auth/session-repository.js';
import { registerBillingRoutes } from './billing/billing-routes.js';
import { registerBillingWebhook } from './billing/billing-webhook-route.js';
import { createBillingProvider } from './billing/billing-setup.js';
import type { StripeApiTarget } from './billing/stripe-provider.js';
import { registerCalculationRoutes } from './calculations/calculation-routes.js';
import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import { nowIso } from './db/db-values.js';
import { eventBusFor } from './events/event-hub.js';
import type { EventPublisher } from './events/event-publisher.js';
import { registerEventRoutes } from './events/event-routes.js';
import { registerGroupRoutes } from './groups/group-routes.js';
import { registerVrfRoutes } from './vrfs/vrf-routes.js';
import { registerDnsRoutes } from './dns/dns-routes.js';
import { registerSourceImportRoutes } from './source-import/source-import-routes.js';
import { createInviteMailer, linkBase } from './invites/invite-mailer.js';
import { deleteExpiredPasswordResets } from './auth/password-reset-repository.js';
import { registerPasswordRoutes } from './auth/password-routes.js';
import { registerSessionRoutes } from './auth/session-routes.js';
import { registerInviteRoutes } from './invites/invite-routes.js';
import { registerPlanRoutes } from './planner/plan-routes.js';
import { registerPlanSubnetRoutes } from './planner/plan-subnet-routes.js';
import { registerScannerApiRoutes } from './scanners/scanner-api-routes.js';
import { registerSearchRoutes } from './search/search-routes.js';
import { registerScannerRoutes } from './scanners/scanner-routes.js';
import { registerSnmpTargetRoutes } from './scanners/snmp-target-routes.js';
import { registerSubnetRoutes } from './subnets/subnet-routes.js';
import { registerSupportRoutes } from './support/support-routes.js';
import { registerTokenRoutes } from './tokens/token-routes.js';
import { registerWebhookRoutes } from './webhooks/webhook-routes.js';
import { outboxHandlers } from './outbox/outbox-handlers.js';
import { startOutboxWorker, type OutboxWorker } from './outbox/outbox-worker.js';
import { startAlertJobs, type AlertJobs } from './alerts/alert-jobs.js';
import { registerAlertRoutes } from './alerts/alert-routes.js';
import { registerNextFreeRoutes } from './addresses/next-free-routes.js';
import { registerFreePrefixRoutes } from './groups/free-prefix-routes.js';
import { registerInventoryRoutes } from './inventory/inventory-routes.js';
import { registerTableFileRoutes } from './table-files/table-file-routes.js';
import { registerAccountScope } from './auth/account-scope.js';
import { registerIdempotency } from './idempotency/idempotency-hooks.js';
import { deleteExpiredKeys } from './idempotency/idempotency-repository.js';
import type { AppDeps } from './app-deps.js';
import { createAttemptLimiter } from './http/attempt-limiter.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerHostGuard } from './http/host-guard.js';
import { registerOpenApi } from './http/openapi.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { guardRouteTable } from './http/route-table-guard.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSessionHook } from './auth/session-hook.js';
import { registerSystemRoutes } from './system/system-routes.js';
import { defaultWebDistDir, registerWebApp } from './http/web-app.js';
import { registerTextGuard } from './http/text-guard.js';
import { registerWriteGuard } from './auth/write-guard.js';
import { logDestination } from './logging/log-output.js';
import { RequestLogController, redactedUrl } from './logging/request-log-controller.js';
import { registerMetricsRoute, startMetrics } from './metrics/metrics-route.js';
import { registerSsoRoutes } from './sso/sso-routes.js';

/** Optional parts of the app, replaceable in tests and by later modules. */
export interface AppOptions {
  /** Live events: in-process by default; `ipam start` passes the LISTEN/NOTIFY bus on PostgreSQL. */
  events?: EventPublisher;
  /** Where log lines go (stdout by default). */
  logStream?: Writable;
  webDistDir?: string;
  /**
   * Registers more routes after the app's own (tests add probes): they inherit every guard but are
   * outside core's route table, which is checked complete just before.
   */
  extraRoutes?: (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;
  /** Where the Stripe client sends requests; tests point it at a loopback server. */
  stripeApi?: StripeApiTarget;
  /** The clock of TOTP codes and pending sign-ins (`Date.now` by default; tests fix it). */
  clock?: () => number;
}

/** Never logged: credentials and session tokens wherever they could appear. */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'body.password',
  'password',
  '*.password',
  'token',
  '*.token',
  '*.currentPassword',
  '*.newPassword',
  '*.inviteToken',
  '*.pendingToken',
  '*.code',
  '*.clientSecret',
  'req.query.code',
  'req.query.state',
  'req.query.token',
  'req.query.invite',
  'req.headers["stripe-signature"]',
];

/** Builds the HTTP app (not yet listening) on an open, migrated database. */
export async function buildApp(config: Config, db: Db, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactedLogPaths, censor: '[redacted]' },
      serializers: {
        req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
          method: request.method,
          url: redactedUrl(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
        }),
      },
      stream: logDestination(config.logFormat, options.logStream),
    },
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    // A client that trickles its headers or body is cut off (Node's default waits 300 s, and looks only
    // every 30 s): the whole request must arrive within the timeout, checked every second.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: config.requestTimeoutMs,
          headersTimeout: Math.min(config.requestTimeoutMs, 10_000),
          connectionsCheckingInterval: 1000,
          // Fastify's own default, which it does not apply to a server made here: Node's 5 s closed idle
          // sockets that clients (and proxies idling 60 s) were about to reuse, answering ECONNRESET.
          keepAliveTimeout: 72_000,
        },
        handler,
      ),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a malformed %-escape in the path) leave in the API's error shape too.
    frameworkErrors: (_error, _request, reply) => sendBadRequest(reply),
  });
  app.server.maxConnections = config.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const events = eventBusFor(options.events);
  const deps: AppDeps = {
    config,
    db,
    events,
    mailer: createInviteMailer(config),
    limiter: createAttemptLimiter(config.authRateLimit, sharedCounters(db, config.authRateLimit.windowMs)),
    now: options.clock ?? Date.now,
    secrets: createSecretBox(config),
  };

  registerErrorHandler(app);
  const metrics = startMetrics(app, config);
  registerHostGuard(app, config);
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  await registerOpenApi(app);
  registerSessionHook(app, db);
  registerWriteGuard(app, config.publicUrl);
  registerTextGuard(app);
  registerAccountScope(app, db);
  registerIdempotency(app, db);
  const routeTable = guardRouteTable(app, allRoutes);

  registerSystemRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerSessionRoutes(app, deps);
  registerTwoFactorRoutes(app, deps);
  registerPasskeyRoutes(app, deps);
  registerDirectoryLoginRoutes(app, deps);
  registerSsoRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerInviteRoutes(app, deps);
  registerSupportRoutes(app, deps);
  const streams = registerEventRoutes(app, deps, events);
  registerMetricsRoute(app, deps, metrics, () => streams.size());
  registerCalculationRoutes(app, deps);
  registerPlanRoutes(app, deps);
  registerPlanSubnetRoutes(app, deps);
  registerGroupRoutes(app, deps);
  registerVrfRoutes(app, deps);
  registerDnsRoutes(app, deps);
  registerSourceImportRoutes(app, deps);
  registerSubnetRoutes(app, deps);
  registerApprovalRoutes(app, deps);
  registerScanHistoryRoutes(app, deps);
  registerAlertRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerAddressRoutes(app, deps);
  registerScannerRoutes(app, deps);
  registerScannerApiRoutes(app, deps);
  registerSnmpTargetRoutes(app, deps);
  const billing = createBillingProvider(config.billing, options.stripeApi);
  if (billing.isEnabled && billing.provider.kind === 'test') {
    app.log.warn('billing: built-in test provider (no Stripe keys): owners can upgrade without paying');
  }
  registerBillingRoutes(app, deps, billing);
  await registerBillingWebhook(app, deps, billing.provider);
  registerSearchRoutes(app, deps);
  registerTokenRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerNextFreeRoutes(app, deps);
  registerFreePrefixRoutes(app, deps);
  registerInventoryRoutes(app, deps);
  await registerTableFileRoutes(app, deps);
  routeTable.seal();
  await options.extraRoutes?.(app, deps);

  await registerWebApp(app, options.webDistDir ?? defaultWebDistDir);
  scheduleSessionCleanup(app, db);
  runOutboxWorker(app, deps);
  runAlertJobs(app, deps);
  return app;
}

/** Sends the outbox (webhook deliveries, …) while the app runs; stopped, in-flight attempts settled, on close. */
function runOutboxWorker(app: FastifyInstance, { config, db, mailer }: AppDeps): void {
  let worker: OutboxWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startOutboxWorker(db, outboxHandlers(config, db, mailer), config.outbox, app.log);
  });
  app.addHook('onClose', async () => worker?.stop());
}

/** The stale check and the alert digests while the app runs; stopped, the round in flight finished, on close. */
function runAlertJobs(app: FastifyInstance, { config, db, events, mailer, now }: AppDeps): void {
  let jobs: AlertJobs | undefined;
  app.addHook('onReady', async () => {
    const deps = { db, events, log: app.log, canMail: mailer !== null, linkBase: linkBase(config) };
    jobs = startAlertJobs({ ...deps, clock: () => new Date(now()) }, config.alertCheckMs);
  });
  app.addHook('onClose', async () => jobs?.stop());
}

/** Answers a request the router refused before any route ran, in the API's error shape. */
function sendBadRequest(reply: FastifyReply): void {
  void reply.status(400).send({ error: messages.invalidRequest, code: 'validation_failed' });
}

/** Deletes expired sessions at start and hourly while the app runs (the rows are useless by then). */
function scheduleSessionCleanup(app: FastifyInstance, db: Db): void {
  const clean = () =>
    deleteExpiredSessions(db, nowIso())
      .then(() => deleteExpiredCounts(db, Date.now()))
      .then(() => deleteExpiredPasswordResets(db, nowIso()))
      .then(() => deleteExpiredKeys(db, new Date()))
      .then(() => deleteExpiredPendingLogins(db, nowIso()))
      .then(() => deleteExpiredChallenges(db, nowIso()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'expired session cleanup failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await clean();
    timer = setInterval(() => void clean(), 60 * 60 * 1000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
