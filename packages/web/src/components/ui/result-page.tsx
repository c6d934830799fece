import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { productName } from '../../config/paths.js';

interface ResultPageProps {
  icon: ReactNode;
  color: string;
  title: string;
  message: ReactNode;
  action?: { label: string; to: string } | undefined;
}

/** A centred one-message page with one way on (the 404 page, checkout results). */
export function ResultPage({ icon, color, title, message, action }: ResultPageProps) {
  useEffect(() => {
    document.title = `${title} · ${productName}`;
  }, [title]);
  return (
    <Center mih="60vh">
      <Paper withBorder radius="md" p="xl" maw={520} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{message}</Text>
          {action && (
            <Button component={Link} to={action.to} color={color}>
              {action.label}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
