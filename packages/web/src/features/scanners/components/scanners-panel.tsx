import type { Account } from '@ipam/core/api/account';
import type { Scanner, ScannerWithKey } from '@ipam/core/api/scanner';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconBook } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { paths } from '../../../config/paths.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useSubnets } from '../../../lib/subnets/get-subnets.js';
import { useCan } from '../../../lib/use-can.js';
import { useScanners } from '../api/get-scanners.js';
import { useDeleteScanner, useRegenerateScannerKey, useRemoveMissingSubnets } from '../api/save-scanner.js';
import { ScannerFormModal } from './scanner-form-modal.js';
import { ScannerKeyModal } from './scanner-key-modal.js';
import { type ScannerAction, ScannersTable } from './scanners-table.js';
import { SnmpTargetsModal } from './snmp-targets-modal.js';
import { useNow } from './use-now.js';

/** How often the online/offline states are evaluated again. */
const stateTickMs = 10_000;

/** Settings › Scanners (spec §2): the account's scanners, + Scanner, and the setup documentation. */
export function ScannersPanel({ account }: { account: Account }) {
  const accountId = account.id;
  // Scanners are an admin's to manage (the server refuses others): everyone else sees them only.
  const canManage = useCan().can('admin');
  const scanners = useScanners(accountId);
  const subnets = useSubnets(accountId);
  const regenerate = useRegenerateScannerKey(accountId);
  const remove = useDeleteScanner(accountId);
  const removeMissing = useRemoveMissingSubnets(accountId);
  const now = useNow(stateTickMs);
  const [form, setForm] = useState<{ scanner: Scanner | null } | null>(null);
  const [shownKey, setShownKey] = useState<ScannerWithKey | null>(null);
  const [snmpOf, setSnmpOf] = useState<Scanner | null>(null);
  const [running, setRunning] = useState<{ action: ScannerAction; scannerId: string } | null>(null);

  const fail = (error: Error) => notifications.show({ color: 'red', message: errorMessage(error) });
  const settle = () => setRunning(null);

  function onAction(action: ScannerAction, scanner: Scanner) {
    switch (action) {
      case 'edit':
        return setForm({ scanner });
      case 'snmpTargets':
        return setSnmpOf(scanner);
      case 'regenerateKey':
        return confirmRegenerate(scanner);
      case 'delete':
        return confirmDelete(scanner);
      case 'removeMissingSubnets':
        setRunning({ action, scannerId: scanner.id });
        removeMissing.mutate(scanner.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: `Missing subnets removed from ${scanner.name}.` }),
          onError: fail,
          onSettled: settle,
        });
    }
  }

  function confirmRegenerate(scanner: Scanner) {
    modals.openConfirmModal({
      title: 'Regenerate Key',
      children: (
        <Text size="sm">
          Make a new key for <b>{scanner.name}</b>? The current key stops working at once: the agent must be
          restarted with the new key.
        </Text>
      ),
      labels: { confirm: 'Regenerate', cancel: 'Cancel' },
      confirmProps: { color: 'orange' },
      onConfirm: () => {
        setRunning({ action: 'regenerateKey', scannerId: scanner.id });
        regenerate.mutate(scanner.id, { onSuccess: setShownKey, onError: fail, onSettled: settle });
      },
    });
  }

  function confirmDelete(scanner: Scanner) {
    modals.openConfirmModal({
      title: 'Delete Scanner',
      children: (
        <Text size="sm">
          Delete the scanner <b>{scanner.name}</b>? Its key stops working at once. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setRunning({ action: 'delete', scannerId: scanner.id });
        remove.mutate(scanner.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: `Scanner ${scanner.name} deleted.` }),
          onError: fail,
          onSettled: settle,
        });
      },
    });
  }

  const addScanner = () => setForm({ scanner: null });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Scanners</Title>
        <Group gap="sm">
          <Anchor component={Link} to={paths.scannerSetup} size="sm">
            <Group gap={4} component="span">
              <IconBook size={16} />
              Scanner setup documentation
            </Group>
          </Anchor>
          {canManage && <Button onClick={addScanner}>+ Scanner</Button>}
        </Group>
      </Group>
      {scanners.isPending && <SectionLoader label="Loading scanners..." />}
      {scanners.isError && <SectionError error={scanners.error} onRetry={() => void scanners.refetch()} />}
      {scanners.data?.length === 0 && (
        <Paper withBorder p="lg">
          <Stack align="flex-start" gap="sm">
            <Text fw={600}>No scanners yet.</Text>
            <Text size="sm" c="dimmed">
              A scanner is an agent on a machine in your network: it finds which addresses of your subnets are
              in use and reports them here. Add one, then start the agent with its key.
            </Text>
            {canManage && <Button onClick={addScanner}>+ Scanner</Button>}
          </Stack>
        </Paper>
      )}
      {scanners.data && scanners.data.length > 0 && (
        <ScannersTable
          scanners={scanners.data}
          subnets={subnets.data}
          now={now}
          onAction={canManage ? onAction : null}
          running={running}
        />
      )}
      <ScannerFormModal
        accountId={accountId}
        subnets={subnets.data}
        opened={form !== null}
        scanner={form?.scanner ?? null}
        onClose={() => setForm(null)}
        onCreated={setShownKey}
      />
      <ScannerKeyModal scanner={shownKey} onClose={() => setShownKey(null)} />
      <SnmpTargetsModal accountId={accountId} scanner={snmpOf} onClose={() => setSnmpOf(null)} />
    </Stack>
  );
}
