import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Writable } from 'node:stream';
import { registerAccountRoutes } from './accounts/account-routes.js';
import { registerMemberRoutes } from './accounts/member-routes.js';
import { registerAddressRoutes } from './addresses/address-routes.js';
import { registerApprovalRoutes } from './approvals/approval-routes.js';
import { registerAuditRoutes } from './audit/audit-routes.js';
import { registerAuthRoutes } from './auth/auth-routes.js';
import { deleteExpiredSessions } from './auth/session-repository.js';
import { registerCalculationRoutes } from './calculations/calculation-routes.js';
import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import { nowIso } from './db/db-values.js';
import { eventBusFor } from './events/event-hub.js';
import type { EventPublisher } from './events/event-publisher.js';
import { registerEventRoutes } from './events/event-routes.js';
import { registerGroupRoutes } from './groups/group-routes.js';
import { createInviteMailer } from './invites/invite-mailer.js';
import { registerInviteRoutes } from './invites/invite-routes.js';
import { registerPlanRoutes } from './planner/plan-routes.js';
import { registerPlanSubnetRoutes } from './planner/plan-subnet-routes.js';
import { registerScannerApiRoutes } from './scanners/scanner-api-routes.js';
import { registerScannerRoutes } from './scanners/scanner-routes.js';
import { registerSubnetRoutes } from './subnets/subnet-routes.js';
import { registerSupportRoutes } from './support/support-routes.js';
import { registerAccountScope } from './http/account-scope.js';
import type { AppDeps } from './http/app-deps.js';
import { createAttemptLimiter } from './http/attempt-limiter.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerOpenApi } from './http/openapi.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSessionHook } from './http/session-hook.js';
import { registerSystemRoutes } from './http/system-routes.js';
import { defaultWebDistDir, registerWebApp } from './http/web-app.js';
import { registerTextGuard } from './http/text-guard.js';
import { registerWriteGuard } from './http/write-guard.js';
import { logDestination } from './logging/log-output.js';
import { RequestLogController } from './logging/request-log-controller.js';

/** Optional parts of the app, replaceable in tests and by later modules. */
export interface AppOptions {
  /** Live events: in-process by default; `ipam start` passes the LISTEN/NOTIFY bus on PostgreSQL. */
  events?: EventPublisher;
  /** Where log lines go (stdout by default). */
  logStream?: Writable;
  webDistDir?: string;
  /** Registers more routes (the IPAM modules) after the core ones; they inherit every guard. */
  extraRoutes?: (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;
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
];

/** Builds the HTTP app (not yet listening) on an open, migrated database. */
export async function buildApp(config: Config, db: Db, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactedLogPaths, censor: '[redacted]' },
      stream: logDestination(config.logFormat, options.logStream),
    },
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const events = eventBusFor(options.events);
  const deps: AppDeps = {
    config,
    db,
    events,
    mailer: createInviteMailer(config),
    limiter: createAttemptLimiter(config.authRateLimit),
  };

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  await registerOpenApi(app);
  registerSessionHook(app, db);
  registerWriteGuard(app, config.publicUrl);
  registerTextGuard(app);
  registerAccountScope(app, db);

  registerSystemRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerInviteRoutes(app, deps);
  registerSupportRoutes(app, deps);
  registerEventRoutes(app, deps, events);
  registerCalculationRoutes(app, deps);
  registerPlanRoutes(app, deps);
  registerPlanSubnetRoutes(app, deps);
  registerGroupRoutes(app, deps);
  registerSubnetRoutes(app, deps);
  registerApprovalRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerAddressRoutes(app, deps);
  registerScannerRoutes(app, deps);
  registerScannerApiRoutes(app, deps);
  await options.extraRoutes?.(app, deps);

  await registerWebApp(app, options.webDistDir ?? defaultWebDistDir);
  scheduleSessionCleanup(app, db);
  return app;
}

/** Deletes expired sessions at start and hourly while the app runs (the rows are useless by then). */
function scheduleSessionCleanup(app: FastifyInstance, db: Db): void {
  const clean = () =>
    deleteExpiredSessions(db, nowIso()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'expired session cleanup failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await clean();
    timer = setInterval(() => void clean(), 60 * 60 * 1000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
