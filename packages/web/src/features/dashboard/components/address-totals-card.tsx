import { digitGroups } from '@ipam/core/address-ranges';
import type { AddressTotals } from '@ipam/core/api/dashboard';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';

const STATUSES = [
  { key: 'inUse', label: 'In Use', color: 'blue' },
  { key: 'reserved', label: 'Reserved', color: 'grape' },
  { key: 'available', label: 'Available', color: 'teal' },
] as const;

/** Host addresses by status, one line per IP version (never-written addresses count as Available). */
export function AddressTotalsCard({ totals }: { totals: readonly AddressTotals[] }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Addresses by status">
      <Title order={3} fz="h4" mb="sm">
        Addresses by status
      </Title>
      {totals.length === 0 ? (
        <Text c="dimmed" size="sm">
          No subnets yet.
        </Text>
      ) : (
        <Stack gap="md">
          {totals.map((line) => (
            <div key={line.version} data-testid={`address-totals-ipv${line.version}`}>
              <Text size="sm" fw={600}>
                IPv{line.version} · {digitGroups(String(line.total))} addresses in {line.subnets}{' '}
                {line.subnets === 1 ? 'subnet' : 'subnets'}
              </Text>
              <Group gap="xs" mt={6}>
                {STATUSES.map(({ key, label, color }) => (
                  <Badge
                    key={key}
                    color={color}
                    variant="light"
                    size="lg"
                    tt="none"
                    data-testid={`total-${key}`}
                  >
                    {label}: {digitGroups(String(line[key]))}
                  </Badge>
                ))}
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
