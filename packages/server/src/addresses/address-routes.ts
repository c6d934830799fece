import type { FastifyInstance, FastifyReply } from 'fastify';
import { addressRoutes } from '@ipam/core/api/routes/addresses';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount } from '../auth/request-context.js';
import { changeAddressesInBulk } from './address-bulk.js';
import { lookUpAddress, readAddress } from './address-lookup.js';
import { readAddressPage } from './address-page.js';
import { clearAddress, setAddress } from './address-writes.js';

/** A subnet's addresses: the sparse list (every host address, written or not), edit, Clear and bulk changes. */
export function registerAddressRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, addressRoutes.list, async (request, reply) => {
    const { filter, q, cursor, limit, sort, order } = request.query;
    const text = await readAddressPage(deps.db, requireAccount(request).id, request.params.subnetId, {
      filter: filter === undefined || filter === '' ? null : filter,
      // Spaces around a search are a typing accident, not part of what is looked for.
      q: q === undefined || q.trim() === '' ? null : q.trim(),
      cursor: cursor === undefined || cursor === '' ? null : cursor,
      limit,
      sort,
      order,
    });
    // The page is JSON text already (see readAddressPage): a reply outside the type provider sends it as is.
    const textReply: FastifyReply = reply;
    return textReply.type('application/json; charset=utf-8').send(text);
  });

  registerRoute(app, addressRoutes.get, async (request) =>
    readAddress(deps.db, requireAccount(request).id, request.params.subnetId, request.params.ip),
  );

  registerRoute(app, addressRoutes.lookup, async (request) =>
    lookUpAddress(deps.db, requireAccount(request).id, request.query.ip, request.query.vrfId || undefined),
  );

  registerRoute(app, addressRoutes.set, async (request) =>
    setAddress(changeContextOf(request, deps), request.params.subnetId, request.params.ip, request.body),
  );

  registerRoute(app, addressRoutes.clear, async (request) =>
    clearAddress(changeContextOf(request, deps), request.params.subnetId, request.params.ip),
  );

  registerRoute(app, addressRoutes.bulk, async (request) =>
    changeAddressesInBulk(changeContextOf(request, deps), request.params.subnetId, request.body),
  );
}
