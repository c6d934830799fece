import type { Scanner } from '@ipam/core/api/scanner';
import { MAX_SNMP_TARGETS, SNMP_AUTH_PROTOCOLS } from '@ipam/core/schemas/snmp-schemas';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useSaveSnmpTargets, useSnmpTargets } from '../api/snmp-targets.js';
import {
  newSnmpTargetRow,
  snmpTargetRowsOf,
  snmpTargetsBodyOf,
  type SnmpTargetsFormValues,
} from '../snmp-target-form-values.js';

const AUTH_LABELS: Record<(typeof SNMP_AUTH_PROTOCOLS)[number], string> = {
  sha: 'SHA-1',
  sha224: 'SHA-224',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
};

interface SnmpTargetsModalProps {
  accountId: string;
  /** The scanner whose targets are edited; null while closed. */
  scanner: Scanner | null;
  onClose: () => void;
}

/** Settings ▸ Scanners ▸ SNMP Targets: the routers and switches whose neighbour tables the agent reads. */
export function SnmpTargetsModal({ accountId, scanner, onClose }: SnmpTargetsModalProps) {
  const stored = useSnmpTargets(accountId, scanner?.id ?? null);
  const save = useSaveSnmpTargets(accountId);
  const { form, close, showFieldErrors, failure } = useDialogForm<SnmpTargetsFormValues>({
    // Filled once the stored targets are here (and again only when the dialog opens anew).
    openFor: scanner !== null && stored.data !== undefined ? scanner.id : null,
    values: () => ({ targets: snmpTargetRowsOf(stored.data ?? []) }),
    requests: [save],
    fieldOf: (field) => (/^targets(\.\d+\.\w+)?$/.test(field) ? field : null),
    onClose,
  });

  const submit = form.onSubmit((values) => {
    if (scanner === null) return;
    save.mutate(
      { scannerId: scanner.id, body: snmpTargetsBodyOf(values.targets) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `SNMP targets of ${scanner.name} saved.` });
          close();
        },
        onError: showFieldErrors,
      },
    );
  });

  const rows = form.getValues().targets;
  const title = `SNMP Targets of ${scanner?.name ?? ''}`;
  return (
    <Modal opened={scanner !== null} onClose={close} title={title} size="xl">
      {stored.isPending && <SectionLoader label="Loading SNMP targets..." />}
      {stored.isError && <SectionError error={stored.error} onRetry={() => void stored.refetch()} />}
      {stored.data !== undefined && (
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack>
            <Text size="sm" c="dimmed">
              Each round, the agent reads these routers&apos; and switches&apos; ARP and IPv6 neighbour tables
              over SNMP: a host listed there counts as found (method snmp), even if it answers no probe.
              Communities and passwords are stored encrypted, go only to this scanner&apos;s agent, and are
              never shown again; leave a field empty to keep what is stored.
            </Text>
            {rows.length === 0 && (
              <Text size="sm" fs="italic">
                No SNMP targets: the agent reads only those in its own --snmp-config file, if any.
              </Text>
            )}
            {rows.map((row, index) => {
              const at = (field: string) => `targets.${index}.${field}`;
              const keep = (isStored: boolean) => (isStored ? 'Stored' : undefined);
              return (
                <Paper key={row.key} withBorder p="sm" aria-label={`SNMP target ${index + 1}`}>
                  <Stack gap="xs">
                    <Group align="flex-end" wrap="nowrap">
                      <TextInput
                        label="Host"
                        description="IP address or DNS name"
                        required
                        style={{ flex: 1 }}
                        {...form.getInputProps(at('host'))}
                      />
                      <NumberInput
                        label="Port"
                        w={100}
                        min={1}
                        max={65535}
                        {...form.getInputProps(at('port'))}
                      />
                      <SegmentedControl
                        aria-label={`Version of target ${index + 1}`}
                        data={[
                          { value: '2c', label: 'v2c' },
                          { value: '3', label: 'v3' },
                        ]}
                        {...form.getInputProps(at('version'))}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove SNMP target ${index + 1}`}
                        onClick={() => form.removeListItem('targets', index)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                    {row.version === '2c' ? (
                      <PasswordInput
                        label="Community"
                        placeholder={keep(row.stored.community)}
                        autoComplete="off"
                        {...form.getInputProps(at('community'))}
                      />
                    ) : (
                      <Group grow align="flex-start">
                        <TextInput
                          label="User"
                          required
                          autoComplete="off"
                          {...form.getInputProps(at('user'))}
                        />
                        <Select
                          label="Authentication"
                          allowDeselect={false}
                          data={SNMP_AUTH_PROTOCOLS.map((value) => ({ value, label: AUTH_LABELS[value] }))}
                          {...form.getInputProps(at('authProtocol'))}
                        />
                        <PasswordInput
                          label="Auth password"
                          placeholder={keep(row.stored.authPassword)}
                          autoComplete="new-password"
                          {...form.getInputProps(at('authPassword'))}
                        />
                        <PasswordInput
                          label="Privacy password (AES)"
                          placeholder={keep(row.stored.privPassword)}
                          autoComplete="new-password"
                          {...form.getInputProps(at('privPassword'))}
                        />
                      </Group>
                    )}
                    <Group grow>
                      <NumberInput
                        label="Timeout (ms)"
                        min={100}
                        max={30000}
                        {...form.getInputProps(at('timeoutMs'))}
                      />
                      <NumberInput label="Retries" min={0} max={5} {...form.getInputProps(at('retries'))} />
                    </Group>
                  </Stack>
                </Paper>
              );
            })}
            <Group>
              <Button
                variant="light"
                disabled={rows.length >= MAX_SNMP_TARGETS}
                onClick={() => form.insertListItem('targets', newSnmpTargetRow())}
              >
                + SNMP Target
              </Button>
            </Group>
            {failure && (
              <Alert color="red" role="alert">
                {errorMessage(failure)}
              </Alert>
            )}
            <DialogActions onCancel={close} isSubmitting={save.isPending} submitLabel="Save" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
