import { Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicFrame } from './public-frame.js';

/** A small public page with a titled card (forgot and reset password). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicFrame>
      <Container size={440} py={48}>
        <Title order={2} ta="center" mb="lg">
          {title}
        </Title>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          {children}
        </Paper>
      </Container>
    </PublicFrame>
  );
}
