import type { DnsProviderView } from '@ipam/core/api/dns';
import { TSIG_ALGORITHM_NAMES, type DnsProviderCreateInput } from '@ipam/core/schemas/dns-schemas';
import { Alert, Modal, PasswordInput, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useSaveDnsProvider } from '../api/dns-api.js';

interface ProviderFormModalProps {
  accountId: string;
  opened: boolean;
  onClose: () => void;
  /** The provider being edited; null to add one. */
  provider: DnsProviderView | null;
}

function initial(provider: DnsProviderView | null): DnsProviderCreateInput {
  return {
    name: provider?.name ?? '',
    kind: provider?.kind ?? 'powerdns',
    endpoint: provider?.endpoint ?? '',
    tsigKeyName: provider?.tsigKeyName ?? '',
    tsigAlgorithm: provider?.tsigAlgorithm ?? 'hmac-sha256',
    secret: '',
  };
}

/** Add / Edit DNS provider: PowerDNS (API URL + key) or RFC 2136 (server + TSIG key). Secrets are write-only. */
export function ProviderFormModal({ accountId, opened, onClose, provider }: ProviderFormModalProps) {
  const save = useSaveDnsProvider(accountId);
  const form = useForm<DnsProviderCreateInput>({ initialValues: initial(provider) });
  useEffect(() => {
    if (opened) {
      form.setValues(initial(provider));
      save.reset();
    }
    // Reset only when the dialog opens for a provider.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, provider?.id]);
  const isTsig = form.values.kind === 'rfc2136';
  const title = provider ? 'Edit DNS provider' : 'Add DNS provider';

  const submit = form.onSubmit((values) => {
    const fields = {
      ...values,
      tsigKeyName: isTsig ? values.tsigKeyName : null,
      tsigAlgorithm: isTsig ? values.tsigAlgorithm : null,
    };
    save.mutate(
      { id: provider?.id ?? null, fields },
      {
        onSuccess: () => {
          // The secret leaves the page with the dialog: nothing keeps it once it is stored.
          form.setFieldValue('secret', '');
          notifications.show({ color: 'green', message: `DNS provider ${values.name} saved.` });
          onClose();
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <SegmentedControl
            aria-label="Type"
            data={[
              { value: 'powerdns', label: 'PowerDNS API' },
              { value: 'rfc2136', label: 'RFC 2136 + TSIG' },
            ]}
            {...form.getInputProps('kind')}
          />
          <TextInput
            label={isTsig ? 'DNS server' : 'API URL'}
            placeholder={isTsig ? 'ns1.example.com:53' : 'http://127.0.0.1:8081'}
            required
            spellCheck={false}
            {...form.getInputProps('endpoint')}
          />
          {isTsig && (
            <>
              <TextInput
                label="TSIG key name"
                required
                spellCheck={false}
                {...form.getInputProps('tsigKeyName')}
              />
              <Select
                label="TSIG algorithm"
                data={[...TSIG_ALGORITHM_NAMES]}
                allowDeselect={false}
                {...form.getInputProps('tsigAlgorithm')}
              />
            </>
          )}
          <PasswordInput
            label={isTsig ? 'TSIG secret' : 'API key'}
            description={
              provider?.hasSecret
                ? 'Stored; it is never shown. Leave empty to keep it.'
                : 'Stored write-only: it is never shown again.'
            }
            required={!provider}
            autoComplete="new-password"
            {...form.getInputProps('secret')}
          />
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <DialogActions
            onCancel={onClose}
            isSubmitting={save.isPending}
            submitLabel={provider ? 'Save' : 'Add provider'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
