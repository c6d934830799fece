import type { Account } from '@ipam/core/api/account';
import { roleLabels } from '@ipam/core/roles';
import { Alert, Button, Group, List, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { CopyField } from '../../../components/ui/copy-field.js';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useRemoveSsoProvider, useSetPasswordSignIn, useSsoSettings } from '../api/sso-settings.js';
import { SsoProviderForm } from './sso-provider-form.js';

/**
 * Settings ▸ Single sign-on (owners): the account's OpenID Connect provider, the redirect URI to
 * register there, whether members may still sign in with a password, and who has not linked yet.
 */
export function SsoPanel({ account }: { account: Account }) {
  const settings = useSsoSettings(account.id);
  const remove = useRemoveSsoProvider(account.id);
  const passwordSignIn = useSetPasswordSignIn(account.id);
  if (settings.isPending) return <SectionLoader />;
  if (settings.isError)
    return <SectionError error={settings.error} onRetry={() => void settings.refetch()} />;
  const { provider, operatorProvider, allowPasswordSignIn, redirectUrl, membersWithoutSso } = settings.data;
  const hasProvider = provider !== null || operatorProvider !== null;

  function confirmRemove() {
    modals.openConfirmModal({
      title: 'Remove single sign-on',
      children: (
        <Text size="sm">
          Remove {provider?.displayName}? Its button leaves the login page and members sign in with their
          passwords again. Their links stay, should you set it up again.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Single sign-on removed.' }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });
  }

  return (
    <Stack>
      <Title order={3}>Single sign-on</Title>
      <Text size="sm" c="dimmed">
        Your team signs in through your identity provider with OpenID Connect. People appear here at their
        first sign-in, with the role their groups give; it is applied again at every sign-in. The provider
        asks for their second factor, not this app.
      </Text>
      {operatorProvider && (
        <Alert color="blue" role="status">
          This server's operator signs people into this account with {operatorProvider.displayName}.
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <CopyField
            label="Redirect URI to register at your provider"
            value={redirectUrl}
            what="redirect URI"
          />
          <SsoProviderForm key={provider?.updatedAt ?? 'new'} accountId={account.id} provider={provider} />
          {provider && (
            <>
              <CopyField
                label="Your team's login page"
                value={`${window.location.origin}${provider.loginUrl}`}
                what="login page address"
              />
              <Group>
                <Button variant="default" color="red" onClick={confirmRemove} loading={remove.isPending}>
                  Remove single sign-on…
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Switch
            label="Members may sign in with a password"
            description="Off: members who are not owners sign in only through single sign-on. Owners keep their password; API tokens keep working."
            checked={allowPasswordSignIn}
            disabled={passwordSignIn.isPending || (allowPasswordSignIn && !hasProvider)}
            onChange={(event) => passwordSignIn.mutate({ allowPasswordSignIn: event.currentTarget.checked })}
          />
          {!hasProvider && allowPasswordSignIn && (
            <Text size="sm" c="dimmed">
              Set up single sign-on first: members need another way in.
            </Text>
          )}
          {passwordSignIn.isError && (
            <Alert color="red" role="alert">
              {errorMessage(passwordSignIn.error)}
            </Alert>
          )}
          {hasProvider && membersWithoutSso.length > 0 && (
            <>
              <Text size="sm" mt="sm">
                Not yet signed in through single sign-on ({membersWithoutSso.length}). Members who signed up
                with a password link it themselves in Settings ▸ Security.
              </Text>
              <List size="sm" spacing={2}>
                {membersWithoutSso.map((member) => (
                  <List.Item key={member.id}>
                    {member.email}{' '}
                    <Text span c="dimmed" size="xs">
                      ({roleLabels[member.role]})
                    </Text>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
