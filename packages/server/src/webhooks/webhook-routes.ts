import type { FastifyInstance } from 'fastify';
import { webhookRoutes } from '@ipam/core/api/routes/webhooks';
import type { AppDeps } from '../app-deps.js';
import { changeContextOf } from '../auth/request-context.js';
import { registerRoute } from '../http/register-route.js';
import {
  changeWebhook,
  createWebhook,
  deliveriesOf,
  redeliver,
  removeWebhook,
  sendTestEvent,
  webhooksOf,
} from './webhooks.js';

/** Settings ▸ Webhooks: the owner's, through a session only (API tokens are refused: docs/decisions.md). */
export function registerWebhookRoutes(app: FastifyInstance, deps: AppDeps): void {
  const policy = deps.config.webhooks;
  registerRoute(app, webhookRoutes.list, async (request) => ({
    items: await webhooksOf(changeContextOf(request, deps)),
  }));

  registerRoute(app, webhookRoutes.create, async (request, reply) =>
    reply.status(201).send(await createWebhook(changeContextOf(request, deps), policy, request.body)),
  );

  registerRoute(app, webhookRoutes.update, async (request) =>
    changeWebhook(changeContextOf(request, deps), policy, request.params.webhookId, request.body),
  );

  registerRoute(app, webhookRoutes.remove, async (request, reply) => {
    await removeWebhook(changeContextOf(request, deps), request.params.webhookId);
    return reply.status(204).send();
  });

  registerRoute(app, webhookRoutes.deliveries, async (request) => ({
    items: await deliveriesOf(changeContextOf(request, deps), request.params.webhookId),
  }));

  registerRoute(app, webhookRoutes.redeliver, async (request, reply) => {
    const { webhookId, deliveryId } = request.params;
    return reply.status(202).send(await redeliver(changeContextOf(request, deps), webhookId, deliveryId));
  });

  registerRoute(app, webhookRoutes.test, async (request, reply) =>
    reply.status(202).send(await sendTestEvent(changeContextOf(request, deps), request.params.webhookId)),
  );
}
