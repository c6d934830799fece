import { messages } from '@ipam/core/messages';
import { hasSupportTickets } from '@ipam/core/tiers';
import { Anchor, Button, Grid, List, Paper, Text, Title } from '@mantine/core';
import { IconApi, IconArrowUpRight, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { MessageForm } from '../../../components/support/message-form.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { useAppConfig } from '../../../lib/app-config.js';
import { useCurrentAccount } from '../../../lib/auth.js';

/** /support (spec §2): the ticket form (paid tiers: spec §7, no ticket on tier 0) and the resources. */
export function SupportPage() {
  const contactEmail = useAppConfig().data?.contactEmail;
  const account = useCurrentAccount();
  const canOpenTickets = account !== undefined && hasSupportTickets(account.tier);
  return (
    <>
      <PageTitle text="Support" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="lg" radius="md">
            <Title order={3} mb="xs">
              Open a ticket
            </Title>
            {canOpenTickets ? (
              <>
                <Text size="sm" c="dimmed" mb="md">
                  Tell us what you need; we answer by e-mail within 24 hours.
                </Text>
                <MessageForm kind="support" />
              </>
            ) : (
              <>
                <Text size="sm" mb="md">
                  {messages.supportTicketsNotInTier}
                </Text>
                <Button component={Link} to={paths.upgrade} leftSection={<IconArrowUpRight size={18} />}>
                  Upgrade Account
                </Button>
              </>
            )}
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
              {contactEmail && (
                <List.Item icon={<IconMail size={18} />}>
                  <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>
                  <Text size="xs" c="dimmed">
                    Write to us directly; we answer within 24 hours.
                  </Text>
                </List.Item>
              )}
            </List>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
