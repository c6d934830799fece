import { dnsRoutes } from '@ipam/core/api/routes/dns';
import type { DnsFixInput, DnsProviderCreateInput, DnsSettingsInput } from '@ipam/core/schemas/dns-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's DNS providers (owner only; secrets never come back). */
export function useDnsProviders(accountId: string) {
  return useQuery({
    queryKey: queryKeys.dnsProviders(accountId),
    queryFn: async () => (await call(dnsRoutes.listProviders, { params: { accountId } })).items,
  });
}

/** Creates a provider, or edits one (an empty secret keeps the stored one). */
export function useSaveDnsProvider(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: DnsProviderCreateInput }) =>
      id === null
        ? call(dnsRoutes.createProvider, { params: { accountId }, body: fields })
        : call(dnsRoutes.updateProvider, {
            params: { accountId, providerId: id },
            body: { ...fields, secret: fields.secret === '' ? undefined : fields.secret },
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.dnsProviders(accountId) }),
  });
}

/** Removes a provider no settings use. */
export function useDeleteDnsProvider(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (providerId: string) => call(dnsRoutes.removeProvider, { params: { accountId, providerId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.dnsProviders(accountId) }),
  });
}

/** A subnet's own DNS settings and those in force. */
export function useSubnetDns(accountId: string, subnetId: string) {
  return useQuery({
    queryKey: queryKeys.dnsSubnet(accountId, subnetId),
    queryFn: () => call(dnsRoutes.subnetSettings, { params: { accountId, subnetId } }),
  });
}

/** Sets (or, with null, removes) a subnet's own DNS settings. */
export function useSaveSubnetDns(accountId: string, subnetId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: DnsSettingsInput | null) =>
      settings === null
        ? call(dnsRoutes.clearSubnetSettings, { params: { accountId, subnetId } })
        : call(dnsRoutes.setSubnetSettings, { params: { accountId, subnetId }, body: settings }),
    onSuccess: (view) => client.setQueryData(queryKeys.dnsSubnet(accountId, subnetId), view),
  });
}

/** Compare with DNS: asked for on demand (it reads the zones from the DNS server). */
export function useDnsCompare(accountId: string, subnetId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dnsCompare(accountId, subnetId),
    queryFn: () => call(dnsRoutes.compare, { params: { accountId, subnetId } }),
    enabled: isEnabled,
    retry: false,
  });
}

/** Fixes differences one way or the other; the comparison is read again after. */
export function useDnsFix(accountId: string, subnetId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DnsFixInput) => call(dnsRoutes.fix, { params: { accountId, subnetId }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.dnsCompare(accountId, subnetId) }),
  });
}
