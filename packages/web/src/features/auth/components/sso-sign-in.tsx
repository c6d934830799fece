import { ssoErrorText } from '@ipam/core/api/sso';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useLoginProviders } from '../api/sso-providers.js';

interface SsoSignInProps {
  /** The account provider's sign-in name of `/login?sso=`, if any. */
  slug: string | undefined;
  /** The refusal code the server sent the browser back with (`?ssoError=`), if any. */
  errorCode: string | undefined;
}

/**
 * "Sign in with <provider>" buttons above the password form: each is a link to the server, which
 * sends the browser on to the provider. A refused sign-in comes back here with its message.
 */
export function SsoSignIn({ slug, errorCode }: SsoSignInProps) {
  const providers = useLoginProviders(slug);
  const items = providers.data ?? [];
  const named = items.find((p) => p.slug === slug) ?? items[0];
  return (
    <Stack gap="sm" mb={items.length > 0 ? 'md' : 0}>
      {errorCode && (
        <Alert color="red" role="alert" title="Single sign-on">
          {ssoErrorText(errorCode, named?.displayName ?? 'your provider')}
        </Alert>
      )}
      {items.map((provider) => (
        <Button
          key={provider.slug}
          component="a"
          href={provider.startUrl}
          variant="default"
          leftSection={<IconKey size={16} />}
          fullWidth
        >
          Sign in with {provider.displayName}
        </Button>
      ))}
      {items.length > 0 && <Divider label="or with your e-mail and password" labelPosition="center" />}
    </Stack>
  );
}
