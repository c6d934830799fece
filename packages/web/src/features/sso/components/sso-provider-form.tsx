import type { SsoProviderView } from '@ipam/core/api/sso';
import { messages } from '@ipam/core/messages';
import { roleLabels } from '@ipam/core/roles';
import {
  DEFAULT_ROLE_CHOICES,
  MAPPED_ROLES,
  maxRoleRules,
  ssoProviderSchema,
  type DefaultRoleChoice,
  type MappedRole,
  type SsoProviderInput,
} from '@ipam/core/schemas/sso-schemas';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client.js';
import { formErrorsOf, isShownOnFields, sameNamedFields } from '../../../lib/form-errors.js';
import { useSaveSsoProvider } from '../api/sso-settings.js';

interface ProviderFields {
  slug: string;
  displayName: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  groupsClaim: string;
  roleRules: { group: string; role: MappedRole }[];
  defaultRole: DefaultRoleChoice;
}

const roleChoices = MAPPED_ROLES.map((role) => ({ value: role, label: roleLabels[role] }));
const defaultChoices = DEFAULT_ROLE_CHOICES.map((choice) => ({
  value: choice,
  label: choice === 'none' ? 'No access (refuse the sign-in)' : roleLabels[choice],
}));

/** The API's input: an empty secret field keeps the stored secret. */
function toInput(values: ProviderFields): SsoProviderInput {
  const { clientSecret, ...rest } = values;
  return clientSecret.trim() === '' ? rest : { ...rest, clientSecret };
}

const validateInput = schemaResolver(ssoProviderSchema, { sync: true });
const fieldOf = sameNamedFields([
  'slug',
  'displayName',
  'issuerUrl',
  'clientId',
  'clientSecret',
  'groupsClaim',
  'roleRules',
  'defaultRole',
]);

/**
 * The account's OpenID Connect provider: where it is, the client the provider gave, and how its
 * groups become roles. The secret is write-only: once stored, the field stays empty ("keep").
 */
export function SsoProviderForm({
  accountId,
  provider,
}: {
  accountId: string;
  provider: SsoProviderView | null;
}) {
  const save = useSaveSsoProvider(accountId);
  const form = useForm<ProviderFields>({
    initialValues: {
      slug: provider?.slug ?? '',
      displayName: provider?.displayName ?? '',
      issuerUrl: provider?.issuerUrl ?? 'https://',
      clientId: provider?.clientId ?? '',
      clientSecret: '',
      groupsClaim: provider?.groupsClaim ?? 'groups',
      roleRules: provider?.roleRules ?? [{ group: '', role: 'viewer' }],
      defaultRole: provider?.defaultRole ?? 'none',
    },
    validate: (values) => {
      const errors = validateInput(toInput(values));
      if (!provider && values.clientSecret.trim() === '') errors.clientSecret = messages.ssoSecretRequired;
      return errors;
    },
  });
  const isFieldError = save.error !== null && isShownOnFields(save.error, fieldOf);

  const submit = form.onSubmit((values) =>
    save.mutate(toInput(values), {
      onSuccess: () => {
        form.setFieldValue('clientSecret', '');
        notifications.show({ color: 'green', message: 'Single sign-on saved.' });
      },
      onError: (error) => form.setErrors(formErrorsOf(error, fieldOf)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Single sign-on provider">
      <Stack>
        <Group grow align="flex-start">
          <TextInput
            label="Button name"
            description={'The login page shows "Sign in with …"'}
            required
            {...form.getInputProps('displayName')}
          />
          <TextInput
            label="Sign-in name"
            description="Your login page: /login?sso=<name>"
            required
            spellCheck={false}
            {...form.getInputProps('slug')}
          />
        </Group>
        <TextInput
          label="Issuer URL"
          description="The provider's OpenID issuer (its discovery document is read from there)"
          required
          spellCheck={false}
          {...form.getInputProps('issuerUrl')}
        />
        <Group grow align="flex-start">
          <TextInput label="Client ID" required spellCheck={false} {...form.getInputProps('clientId')} />
          <PasswordInput
            label="Client secret"
            description={
              provider ? 'Stored and never shown. Leave empty to keep it.' : 'Shown to nobody after saving.'
            }
            required={!provider}
            autoComplete="new-password"
            {...form.getInputProps('clientSecret')}
          />
        </Group>
        <TextInput
          label="Groups claim"
          description="The ID token or userinfo claim with the person's groups (a dot reads inside: realm_access.roles)"
          spellCheck={false}
          {...form.getInputProps('groupsClaim')}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Groups → roles
          </Text>
          <Text size="xs" c="dimmed">
            Of every group a person is in, the highest role wins. It is applied again at each sign-in. Owners
            are set by hand in Users.
          </Text>
          {form.values.roleRules.map((_rule, index) => (
            <Group key={index} align="flex-start" wrap="nowrap">
              <TextInput
                placeholder="Group, e.g. net-ro"
                aria-label={`Group ${index + 1}`}
                style={{ flex: 1 }}
                {...form.getInputProps(`roleRules.${index}.group`)}
              />
              <Select
                aria-label={`Role of group ${index + 1}`}
                data={roleChoices}
                allowDeselect={false}
                w={140}
                {...form.getInputProps(`roleRules.${index}.role`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                aria-label={`Remove group ${index + 1}`}
                onClick={() => form.removeListItem('roleRules', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              disabled={form.values.roleRules.length >= maxRoleRules}
              onClick={() => form.insertListItem('roleRules', { group: '', role: 'viewer' })}
            >
              + Group
            </Button>
          </Group>
        </Stack>
        <Select
          label="When no group matches"
          data={defaultChoices}
          allowDeselect={false}
          {...form.getInputProps('defaultRole')}
        />
        {save.isError && !isFieldError && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {provider ? 'Save' : 'Set up single sign-on'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
