import { Anchor, Grid, List, Paper, Text, Title } from '@mantine/core';
import { IconApi, IconBook } from '@tabler/icons-react';
import { paths } from '../../../config/paths.js';
import { MessageForm } from '../../../components/support/message-form.js';
import { PageTitle } from '../../../components/ui/page-title.js';

/** /support (spec §2): the ticket form and a link to the resources. */
export function SupportPage() {
  return (
    <>
      <PageTitle text="Support" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="lg" radius="md">
            <Title order={3} mb="xs">
              Open a ticket
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              Tell us what you need; we answer by e-mail within 24 hours.
            </Text>
            <MessageForm kind="support" />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="lg" radius="md">
            <Title order={3} mb="md">
              Resources
            </Title>
            <List spacing="sm" listStyleType="none" ps={0}>
              <List.Item icon={<IconApi size={18} />}>
                {/* A full page load: the API reference is served by the server, not by this app. */}
                <Anchor href={paths.apiDocs} target="_blank" rel="noopener">
                  API reference
                </Anchor>
                <Text size="xs" c="dimmed">
                  Every endpoint, for scripts and integrations.
                </Text>
              </List.Item>
              <List.Item icon={<IconBook size={18} />}>
                <Text size="sm">Installation and command-line guide</Text>
                <Text size="xs" c="dimmed">
                  The README that ships with the server: starting it, the ipam command, scanners.
                </Text>
              </List.Item>
            </List>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
