import { memberRoutes } from '@ipam/core/api/routes/members';
import type { MemberRoleInput } from '@ipam/core/schemas/role-schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

/** Sets a member's role and an editor's group limits (owners only; the server refuses others). */
export function useSetMemberRole(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: ({ userId, ...body }: MemberRoleInput & { userId: string }) =>
      call(memberRoutes.setRole, { params: { accountId, userId }, body }),
    onSettled: (_done, error) => refresh(['user'], { error }),
  });
}
