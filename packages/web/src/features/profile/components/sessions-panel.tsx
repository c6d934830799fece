import { messages } from '@ipam/core/messages';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { useLogOutOtherSessions, useSessions } from '../api/profile.js';

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
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="Active sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Browser</Table.Th>
                <Table.Th>Logged in</Table.Th>
                <Table.Th>Expires</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" lineClamp={1} maw={420} title={session.userAgent ?? undefined}>
                        {session.userAgent ?? 'Unknown browser'}
                      </Text>
                      {session.isCurrent && <Badge size="sm">This session</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDateTime(session.createdAt, '')}</Table.Td>
                  <Table.Td>{formatDateTime(session.expiresAt, '')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
