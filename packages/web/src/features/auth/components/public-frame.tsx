import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconNetwork } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, productName } from '../../../config/paths.js';

/** The frame of the public pages: a slim header with the logo and a footer. */
export function PublicFrame({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" h={60}>
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to={paths.signup} underline="never" c="inherit">
              <Group gap={6}>
                <IconNetwork size={26} color="var(--mantine-color-blue-6)" />
                <Text fw={800} size="lg">
                  {productName}
                </Text>
                <Text size="sm" c="dimmed" visibleFrom="xs">
                  IP Management
                </Text>
              </Group>
            </Anchor>
            {action}
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <Box component="footer" py="md">
        <Text size="xs" c="dimmed" ta="center">
          {productName} · IP Management · © {new Date().getFullYear()} {productName}. All rights reserved.
        </Text>
      </Box>
    </Box>
  );
}
