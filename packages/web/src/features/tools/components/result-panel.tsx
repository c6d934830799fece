import type { Account } from '@ipam/core/api/account';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { checkPrefixForAccount } from '@ipam/core/subnet-size-rules';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ipViewPath } from '../../../config/ip-view-url.js';
import type { BaseResult, CalculatorDefinition } from './calculator-definitions.js';

interface ResultPanelProps<Result extends BaseResult> {
  definition: CalculatorDefinition<Result>;
  result: Result | null;
  /** Why there is no result although both inputs look valid ('Error in calculation: ...'). */
  error: string | null;
  account: Account | undefined;
}

/** The computed details, or a hint while the inputs are incomplete. */
export function ResultPanel<Result extends BaseResult>({
  definition,
  result,
  error,
  account,
}: ResultPanelProps<Result>) {
  const title = `IPv${definition.version} Results`;
  // A prefix the account cannot create is explained instead (the server refuses it anyway).
  const refusal =
    result && account
      ? checkPrefixForAccount(account.tier, definition.version, result.cidr, account.ipv6Prefixes)
      : null;
  return (
    <Paper withBorder p="md" radius="md" aria-label={title} role="region">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} size="h4">
          Results
        </Title>
        {result && <CreateSubnetButton definition={definition} result={result} refusal={refusal} />}
      </Group>
      {result && refusal && (
        <Text size="xs" c="dimmed" ta="right" mt={-8} mb="sm">
          {refusal.message}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!error && !result && (
        <Text c="dimmed" size="sm">
          {definition.emptyHint}
        </Text>
      )}
      {result && (
        <Stack gap="sm">
          <Table striped withRowBorders={false} verticalSpacing={6} aria-label={title}>
            <Table.Tbody>
              {definition.fields.map((field) => (
                <Table.Tr key={field.key}>
                  <Table.Th scope="row" w="34%" fw={500}>
                    {field.label}
                  </Table.Th>
                  <Table.Td
                    data-testid={`result-${field.key}`}
                    ff="monospace"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {field.display(result)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {definition.note && (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
              <Text size="sm">{definition.note}</Text>
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** Opens the IP Addresses screen with its Create Subnet dialog prefilled: `/ips?create=ipv4&cidr=10.0.0.0/24`. */
function CreateSubnetButton<Result extends BaseResult>({
  definition,
  result,
  refusal,
}: {
  definition: CalculatorDefinition<Result>;
  result: Result;
  refusal: { message: string } | null;
}) {
  const cidr = `${result.networkAddress}/${result.cidr}`;
  if (refusal) {
    return (
      <Button size="xs" variant="light" leftSection={<IconPlus size={16} />} disabled>
        Create subnet from this
      </Button>
    );
  }
  return (
    <Button
      size="xs"
      variant="light"
      component={Link}
      to={ipViewPath({ create: definition.kind, cidr })}
      leftSection={<IconPlus size={16} />}
      aria-label={`Create subnet from this: ${cidr}`}
    >
      Create subnet from this
    </Button>
  );
}
