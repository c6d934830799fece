import { messages } from '@ipam/core/messages';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { useSsoLinks, useStartSsoLink } from '../api/sso-links.js';

/**
 * The user's single sign-on links: for each provider of their accounts, whether it signs them in, and
 * a Link button that goes through the provider while signed in. Hidden when no provider serves them.
 */
export function SsoLinks() {
  const links = useSsoLinks();
  const start = useStartSsoLink();
  const [searchParams] = useSearchParams();
  const linkedSlug = searchParams.get('ssoLinked');
  const items = links.data ?? [];
  if (items.length === 0) return null;
  const justLinked = items.find((item) => item.slug === linkedSlug && item.isLinked);

  return (
    <Stack>
      <Title order={3}>Single sign-on</Title>
      <Text size="sm">
        Link a provider to sign in with it instead of your password. You prove both: your password now, the
        provider next.
      </Text>
      {justLinked && (
        <Alert color="green" role="status">
          {messages.ssoLinked(justLinked.displayName)}
        </Alert>
      )}
      <Table>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.slug}>
              <Table.Td>{item.displayName}</Table.Td>
              <Table.Td>
                {item.isLinked ? (
                  <Group gap="xs">
                    <Badge color="green">Linked</Badge>
                    {item.linkedAt && (
                      <Text size="xs" c="dimmed">
                        since {formatDateTime(item.linkedAt)}
                      </Text>
                    )}
                  </Group>
                ) : (
                  <Badge color="gray">Not linked</Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {!item.isLinked && (
                  <Button
                    size="xs"
                    variant="light"
                    loading={start.isPending && start.variables === item.slug}
                    onClick={() => start.mutate(item.slug)}
                  >
                    Link {item.displayName}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {start.isError && (
        <Alert color="red" role="alert">
          {errorMessage(start.error)}
        </Alert>
      )}
    </Stack>
  );
}
