import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/ui/page-title.js';
import { useAppConfig } from '../../../lib/app-config.js';

export interface LegalSection {
  heading: string;
  body: (contact: ReactNode) => ReactNode;
}

/** The frame of the Terms and Privacy pages: last updated April 22, 2025, contact from the config. */
export function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  const config = useAppConfig();
  const contact = config.data ? (
    <Anchor href={`mailto:${config.data.contactEmail}`}>{config.data.contactEmail}</Anchor>
  ) : (
    <Skeleton component="span" display="inline-block" h={14} w={160} />
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={860}>
      <PageTitle text={title} />
      <Text c="dimmed" mb="lg">
        Last updated April 22, 2025
      </Text>
      <Stack gap="lg">
        {sections.map(({ heading, body }) => (
          <section key={heading}>
            <Title order={4} mb={4}>
              {heading}
            </Title>
            <Text>{body(contact)}</Text>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
