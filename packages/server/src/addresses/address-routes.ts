import type { FastifyInstance, FastifyReply } from 'fastify';
import { addressRoutes } from '@ipam/core/api/routes/addresses';
import type { AppDeps } from '../http/app-deps.js';
import { callerCheckOf } from '../http/account-scope.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { isUnfilteredPage, readAddressPage, readAddressPageText } from './address-reads.js';
import { clearAddress, setAddress } from './address-writes.js';

/** A subnet's addresses: the sparse list (every host address, written or not), edit and Clear. */
export function registerAddressRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(
    app,
    addressRoutes.list,
    async (request, reply) => {
      const { filter, q, cursor, limit } = request.query;
      const caller = callerCheckOf(request, deps.db);
      // With the check pending, the account is the path's: the query checks the caller belongs to it.
      const accountId = caller ? request.params.accountId : requireAccount(request).id;
      const page = {
        filter: filter === undefined || filter === '' ? null : filter,
        // Spaces around a search are a typing accident, not part of what is looked for.
        q: q === undefined || q.trim() === '' ? null : q.trim(),
        cursor: cursor === undefined || cursor === '' ? null : cursor,
        limit,
      };
      const { subnetId } = request.params;
      if (!isUnfilteredPage(page)) return readAddressPage(deps.db, accountId, subnetId, page, caller);
      // The same answer as readAddressPage's, written as JSON text without row objects (see there).
      const text = await readAddressPageText(deps.db, accountId, subnetId, page, caller);
      // Sent as it is: a reply outside the type provider takes JSON text, which the serialiser never sees.
      const textReply: FastifyReply = reply;
      return textReply.type('application/json; charset=utf-8').send(text);
    },
    // The route clients call most: its first query makes the session and membership check too.
    { config: { isCallerCheckedByQuery: true } },
  );

  registerRoute(app, addressRoutes.set, async (request) =>
    setAddress(changeContextOf(request, deps), request.params.subnetId, request.params.ip, request.body),
  );

  registerRoute(app, addressRoutes.clear, async (request) =>
    clearAddress(changeContextOf(request, deps), request.params.subnetId, request.params.ip),
  );
}
