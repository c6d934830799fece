import type { Member } from '@ipam/core/api/account';
import type { Group } from '@ipam/core/api/ipam';
import { isRole, ROLES, roleLabels } from '@ipam/core/roles';
import { Badge, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client.js';
import { useSetMemberRole } from '../api/set-member-role.js';

interface MemberRoleCellProps {
  accountId: string;
  member: Member;
  /** Whether the caller may change this member's role: an owner, not for themselves nor the holder. */
  isEditable: boolean;
  groups: Group[];
}

/**
 * A member's role on the Team screen: a badge (and an editor's groups) for everyone; for an owner a
 * role select and, for an editor, the groups they are limited to (none chosen: every group).
 */
export function MemberRoleCell({ accountId, member, isEditable, groups }: MemberRoleCellProps) {
  const setRole = useSetMemberRole(accountId);
  const nameOf = new Map(groups.map((group) => [group.id, group.name]));
  const groupsText = (ids: readonly string[]) =>
    ids.length === 0 ? 'every group' : ids.map((id) => nameOf.get(id) ?? id).join(', ');
  const save = (role: Member['role'], groupIds: string[]) =>
    setRole.mutate(
      { userId: member.id, role, groupIds },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message:
              role === member.role
                ? `${member.email} may now edit in ${groupsText(groupIds)}.`
                : `${member.email} is now ${roleLabels[role].toLowerCase()}.`,
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );

  if (!isEditable) {
    return (
      <Stack gap={2}>
        <Badge variant="light" color={member.role === 'viewer' ? 'gray' : 'blue'}>
          {roleLabels[member.role]}
        </Badge>
        {member.role === 'editor' && member.groupIds.length > 0 && (
          <Text size="xs" c="dimmed">
            {`Only in ${groupsText(member.groupIds)}`}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Select
        size="xs"
        aria-label={`Role of ${member.email}`}
        allowDeselect={false}
        data={ROLES.map((role) => ({ value: role, label: roleLabels[role] }))}
        value={member.role}
        disabled={setRole.isPending}
        onChange={(value) => value && isRole(value) && value !== member.role && save(value, member.groupIds)}
      />
      {member.role === 'editor' && (
        <MultiSelect
          size="xs"
          aria-label={`Groups of ${member.email}`}
          placeholder={member.groupIds.length === 0 ? 'All groups' : undefined}
          data={groups.map((group) => ({ value: group.id, label: group.name }))}
          value={member.groupIds}
          disabled={setRole.isPending}
          clearable
          searchable
          onChange={(groupIds) => save('editor', groupIds)}
        />
      )}
    </Stack>
  );
}
