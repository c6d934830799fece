import { groupRoutes } from '@ipam/core/api/routes/groups';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client.js';
import { useChangeRefresh } from '../own-changes.js';

/** What the group form sends: name, description and parent ('' for top level). */
export interface GroupFields {
  name: string;
  description: string;
  parentId: string;
}

function useRefreshGroups(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return () => refresh(['group']);
}

/** Creates a group (Create New Group). */
export function useCreateGroup(accountId: string) {
  const refresh = useRefreshGroups(accountId);
  return useMutation({
    mutationFn: (fields: GroupFields) =>
      call(groupRoutes.create, {
        params: { accountId },
        body: { ...fields, parentId: fields.parentId || null },
      }),
    onSuccess: refresh,
  });
}

/** Renames, describes or moves a group (Edit Group). */
export function useUpdateGroup(accountId: string) {
  const refresh = useRefreshGroups(accountId);
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: GroupFields }) =>
      call(groupRoutes.update, {
        params: { accountId, groupId: id },
        body: { ...fields, parentId: fields.parentId || null },
      }),
    onSuccess: refresh,
  });
}

/** Deletes an empty group; the server refuses one that still holds groups or subnets. */
export function useDeleteGroup(accountId: string) {
  const refresh = useRefreshGroups(accountId);
  return useMutation({
    mutationFn: (groupId: string) => call(groupRoutes.remove, { params: { accountId, groupId } }),
    onSuccess: refresh,
  });
}
