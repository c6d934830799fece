import { Alert, Anchor, Button, Container, Loader, Paper, Tabs, Text, Title } from '@mantine/core';
import { messages } from '@ipam/core/messages';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { paths, productName } from '../../../config/paths.js';
import { FullPageLoader } from '../../../components/ui/page-states.js';
import { useMe } from '../../../lib/auth.js';
import { forgetInviteToken, inviteTokenFrom } from '../../../lib/invite-token.js';
import { useInvitation } from '../api/get-invitation.js';
import { LoginForm } from './login-form.js';
import { PublicFrame } from './public-frame.js';
import { SignupForm } from './signup-form.js';
import { SsoSignIn } from './sso-sign-in.js';
import { useLoginRedirect } from './use-login-redirect.js';

/** /login: the Login and Sign Up tabs (spec §2). A signed-in visitor goes on to where they were going. */
export function LoginPage() {
  const me = useMe();
  const redirectTo = useLoginRedirect();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'signup' ? 'signup' : 'login';
  const inviteToken = inviteTokenFrom(searchParams);
  // Single sign-on: `?sso=<slug>` shows an account's provider; `?ssoError=<code>` a refused sign-in.
  const ssoSlug = searchParams.get('sso') ?? undefined;
  const ssoError = searchParams.get('ssoError') ?? undefined;
  const invitation = useInvitation(inviteToken);
  const isInvitationGone = invitation.isError;
  useEffect(() => {
    // A used or withdrawn link would accept nothing: it is not sent along with the sign-up or login.
    if (isInvitationGone) forgetInviteToken();
  }, [isInvitationGone]);
  const liveToken = isInvitationGone ? undefined : inviteToken;

  useEffect(() => {
    document.title = `Login · ${productName}`;
  }, []);

  if (me.isPending) return <FullPageLoader label="Checking your session..." />;
  // A login returns to the page the guard turned away; a sign-up opens the Dashboard (spec §4).
  if (me.data) return <Navigate to={tab === 'signup' ? paths.dashboard : redirectTo} replace />;

  return (
    <PublicFrame
      action={
        <Button component={Link} to={paths.signup} variant="light">
          Start Free Trial
        </Button>
      }
    >
      <Container size={440} py={48}>
        <Title order={2} ta="center" mb="lg">
          Welcome to {productName}
        </Title>
        {inviteToken && (
          <Alert color={isInvitationGone ? 'orange' : 'blue'} mb="md" role="status">
            {isInvitationGone
              ? messages.inviteLinkInvalid
              : invitation.data
                ? messages.invitedTo(invitation.data.accountName, invitation.data.email)
                : messages.inviteLinkNote}
          </Alert>
        )}
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Tabs
            value={tab}
            onChange={(value) =>
              // Keep the router state: it holds the page to return to after login.
              setSearchParams(value === 'signup' ? { tab: 'signup' } : ssoSlug ? { sso: ssoSlug } : {}, {
                replace: true,
                state: location.state,
              })
            }
            keepMounted={false}
          >
            <Tabs.List grow mb="md">
              <Tabs.Tab value="login">Login</Tabs.Tab>
              <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <SsoSignIn slug={ssoSlug} errorCode={ssoError} />
              <LoginForm inviteToken={liveToken} />
            </Tabs.Panel>
            <Tabs.Panel value="signup">
              <Text size="sm" c="dimmed" mb="md">
                {messages.registrationNote}
              </Text>
              {inviteToken && invitation.isPending ? (
                <Loader size="sm" display="block" mx="auto" my="md" aria-label="Reading the invitation..." />
              ) : (
                <SignupForm inviteToken={liveToken} invitedEmail={invitation.data?.email} />
              )}
            </Tabs.Panel>
          </Tabs>
        </Paper>
        <Text size="sm" ta="center" mt="md" c="dimmed">
          New here?{' '}
          <Anchor component={Link} to={paths.signup}>
            See what {productName} does
          </Anchor>
        </Text>
      </Container>
    </PublicFrame>
  );
}
