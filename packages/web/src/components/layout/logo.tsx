import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconNetwork } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, productName } from '../../config/paths.js';

/** The product logo, linking home. */
export function Logo() {
  return (
    <UnstyledButton component={Link} to={paths.dashboard} aria-label={`${productName} home`}>
      <Group gap={6} wrap="nowrap">
        <IconNetwork size={26} color="var(--mantine-color-blue-6)" />
        <Text fw={800} size="lg">
          {productName}
        </Text>
        <Text size="sm" c="dimmed" visibleFrom="sm">
          IP Management
        </Text>
      </Group>
    </UnstyledButton>
  );
}
