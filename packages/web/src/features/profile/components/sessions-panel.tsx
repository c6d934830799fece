import type { Session } from '@ipam/core/api/account';
import { messages } from '@ipam/core/messages';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { useLogOutOtherSessions, useLogOutSession, useSessions } from '../api/profile.js';

/** One session: its device (the raw user agent on hover), address, sign-in, last activity, and its own log-out. */
function SessionRow({ session }: { session: Session }) {
  const logOut = useLogOutSession();
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" title={session.userAgent ?? undefined}>
            {session.device}
          </Text>
          {session.isCurrent && <Badge size="sm">This session</Badge>}
        </Group>
      </Table.Td>
      <Table.Td>{session.ipAddress ?? 'Unknown'}</Table.Td>
      <Table.Td>{formatDateTime(session.createdAt, '')}</Table.Td>
      {/* A session from before activity was recorded shows its sign-in time. */}
      <Table.Td>{formatDateTime(session.lastSeenAt ?? session.createdAt, '')}</Table.Td>
      <Table.Td>
        {!session.isCurrent && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={logOut.isPending}
            onClick={() => logOut.mutate(session.id)}
            aria-label={`Log out ${session.device}, signed in ${formatDateTime(session.createdAt, '')}`}
          >
            Log out
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The user's active sessions with "Log out other sessions". */
export function SessionsPanel() {
  const sessions = useSessions();
  const logOutOthers = useLogOutOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.isCurrent).length;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Active sessions</Title>
        <Button
          variant="light"
          color="red"
          disabled={others === 0}
          loading={logOutOthers.isPending}
          onClick={() => logOutOthers.mutate()}
        >
          Log out other sessions
        </Button>
      </Group>
      {sessions.isPending && <Text c="dimmed">Loading sessions...</Text>}
      {sessions.isError && (
        <Alert color="red" role="alert">
          {errorMessage(sessions.error)}
        </Alert>
      )}
      {logOutOthers.isSuccess && (
        <Alert color="green" role="status">
          {messages.otherSessionsEnded(logOutOthers.data.ended)}
        </Alert>
      )}
      {sessions.data && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Active sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last activity</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
