import { sourceImportRoutes } from '@ipam/core/api/routes/source-imports';
import { messages } from '@ipam/core/messages';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { changeContextOf } from '../auth/request-context.js';
import { DomainError } from '../errors/domain-error.js';
import { registerRoute } from '../http/register-route.js';
import { settleImports, startImportJob } from './import-jobs.js';
import { findImportJob, listImportJobs } from './source-import-repository.js';

/** Imports from phpIPAM and NetBox: start one, list the latest, follow one (admins and owners: core's route table). */
export function registerSourceImportRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onClose', settleImports);

  registerRoute(app, sourceImportRoutes.list, async (request) => {
    const ctx = changeContextOf(request, deps);
    return { items: await listImportJobs(deps.db, ctx.account.id) };
  });

  registerRoute(app, sourceImportRoutes.start, async (request, reply) => {
    const job = await startImportJob(changeContextOf(request, deps), request.body);
    return reply.status(202).send(job);
  });

  registerRoute(app, sourceImportRoutes.get, async (request) => {
    const ctx = changeContextOf(request, deps);
    const job = await findImportJob(deps.db, ctx.account.id, request.params.importId);
    if (!job) throw new DomainError('not_found', messages.notFound);
    return job;
  });
}
