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
  const config = useAppConfig().data;
  const contactEmail = config?.contactEmail;
  // An answer by e-mail is promised only when messages are mailed to a person (SMTP_URL, SUPPORT_INBOX).
  const supportByEmail = config?.supportByEmail === true;
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
                  {supportByEmail ? messages.supportIntroByEmail : messages.supportIntroStored}
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
                    {supportByEmail ? messages.contactByEmail : messages.contactDirectly}
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
