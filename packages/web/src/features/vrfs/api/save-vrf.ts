import { vrfRoutes } from '@ipam/core/api/routes/vrfs';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

/** What the VRF form sends: a name, a route distinguisher ('' for none) and a description. */
export interface VrfFields {
  name: string;
  rd: string;
  description: string;
}

function useRefreshVrfs(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return () => refresh(['vrf']);
}

/** Creates a VRF. */
export function useCreateVrf(accountId: string) {
  const refresh = useRefreshVrfs(accountId);
  return useMutation({
    mutationFn: (fields: VrfFields) => call(vrfRoutes.create, { params: { accountId }, body: fields }),
    onSuccess: refresh,
  });
}

/** Renames a VRF or changes its route distinguisher or description. */
export function useUpdateVrf(accountId: string) {
  const refresh = useRefreshVrfs(accountId);
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: VrfFields }) =>
      call(vrfRoutes.update, { params: { accountId, vrfId: id }, body: fields }),
    onSuccess: refresh,
  });
}

/** Deletes an empty VRF; the server refuses Global and a VRF that still holds subnets. */
export function useDeleteVrf(accountId: string) {
  const refresh = useRefreshVrfs(accountId);
  return useMutation({
    mutationFn: (vrfId: string) => call(vrfRoutes.remove, { params: { accountId, vrfId } }),
    onSuccess: refresh,
  });
}
