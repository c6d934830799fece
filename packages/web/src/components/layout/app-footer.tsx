import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths, productName } from '../../config/paths.js';

/** The footer (spec §2): product name with "IP Management" and a copyright line. */
export function AppFooter() {
  return (
    <Group justify="space-between" h="100%" px="md" gap="xs" wrap="nowrap">
      <Text size="sm" fw={600}>
        {productName} · IP Management
      </Text>
      <Group gap="md" wrap="nowrap">
        <Anchor component={Link} to={paths.terms} size="xs" c="dimmed" visibleFrom="xs">
          Terms
        </Anchor>
        <Anchor component={Link} to={paths.privacy} size="xs" c="dimmed" visibleFrom="xs">
          Privacy
        </Anchor>
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} {productName}. All rights reserved.
        </Text>
      </Group>
    </Group>
  );
}
