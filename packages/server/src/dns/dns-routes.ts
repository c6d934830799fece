import type { FastifyInstance } from 'fastify';
import { dnsRoutes } from '@ipam/core/api/routes/dns';
import type { AppDeps } from '../app-deps.js';
import { changeContextOf, requireAccount } from '../auth/request-context.js';
import { registerRoute } from '../http/register-route.js';
import { compareSubnetWithDns, fixSubnetDns } from './dns-compare.js';
import { createDnsProvider, dnsProvidersOf, editDnsProvider, removeDnsProvider } from './dns-providers.js';
import { clearOwnDnsSettings, dnsSettingsView, setDnsSettings } from './dns-settings.js';

/** DNS sync: providers (owner only, secrets write-only), subnet and group settings, Compare with DNS. */
export function registerDnsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, dnsRoutes.listProviders, async (request) => ({
    items: await dnsProvidersOf(changeContextOf(request, deps)),
  }));
  registerRoute(app, dnsRoutes.createProvider, async (request, reply) =>
    reply.status(201).send(await createDnsProvider(changeContextOf(request, deps), request.body)),
  );
  registerRoute(app, dnsRoutes.updateProvider, async (request) =>
    editDnsProvider(changeContextOf(request, deps), request.params.providerId, request.body),
  );
  registerRoute(app, dnsRoutes.removeProvider, async (request, reply) => {
    await removeDnsProvider(changeContextOf(request, deps), request.params.providerId);
    return reply.status(204).send();
  });

  const subnet = (id: string) => ({ kind: 'subnet' as const, id });
  const group = (id: string) => ({ kind: 'group' as const, id });
  registerRoute(app, dnsRoutes.subnetSettings, async (request) =>
    dnsSettingsView(deps.db, requireAccount(request).id, subnet(request.params.subnetId)),
  );
  registerRoute(app, dnsRoutes.setSubnetSettings, async (request) =>
    setDnsSettings(changeContextOf(request, deps), subnet(request.params.subnetId), request.body),
  );
  registerRoute(app, dnsRoutes.clearSubnetSettings, async (request) =>
    clearOwnDnsSettings(changeContextOf(request, deps), subnet(request.params.subnetId)),
  );
  registerRoute(app, dnsRoutes.groupSettings, async (request) =>
    dnsSettingsView(deps.db, requireAccount(request).id, group(request.params.groupId)),
  );
  registerRoute(app, dnsRoutes.setGroupSettings, async (request) =>
    setDnsSettings(changeContextOf(request, deps), group(request.params.groupId), request.body),
  );
  registerRoute(app, dnsRoutes.clearGroupSettings, async (request) =>
    clearOwnDnsSettings(changeContextOf(request, deps), group(request.params.groupId)),
  );

  registerRoute(app, dnsRoutes.compare, async (request) =>
    compareSubnetWithDns(changeContextOf(request, deps), request.params.subnetId),
  );
  registerRoute(app, dnsRoutes.fix, async (request) =>
    fixSubnetDns(changeContextOf(request, deps), request.params.subnetId, request.body),
  );
}
