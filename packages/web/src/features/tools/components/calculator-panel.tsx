import { Button, Grid, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { messages } from '@ipam/core/messages';
import { IconDeviceFloppy, IconEye, IconEyeOff, IconFileExport, IconRefresh } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import {
  type SavedCalculation,
  useDeleteCalculation,
  useSaveCalculation,
  useSavedCalculations,
} from '../api/calculations.js';
import { resultFileName, savedFileName } from '../lib/calculation-export.js';
import { downloadText } from '../../../lib/download.js';
import type { BaseResult, CalculatorDefinition } from './calculator-definitions.js';
import { CalculatorMessage } from './calculator-message.js';
import { ResultPanel } from './result-panel.js';
import { SavedSubnetsBox } from './saved-subnets-box.js';
import { useCalculationOutcome } from './use-calculation-outcome.js';
import { useTransientMessage } from './use-transient-message.js';

/** Addresses and masks read best in a fixed-width font; labels stay in the normal one. */
const monospaceInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** One calculator tab: inputs, live result, Save / Export CSV / Reset / Show-Hide Saved, the saved box. */
export function CalculatorPanel<Result extends BaseResult>({
  definition,
}: {
  definition: CalculatorDefinition<Result>;
}) {
  const account = useCurrentAccount();
  const accountId = account?.id;
  const [address, setAddress] = useState('');
  const [mask, setMask] = useState('');
  const [touched, setTouched] = useState({ address: false, mask: false });
  const [isSavedShown, setSavedShown] = useState(true);
  const { message, show, clear } = useTransientMessage();
  const saved = useSavedCalculations(accountId, definition.api);
  const save = useSaveCalculation(accountId, definition.api);
  const remove = useDeleteCalculation(accountId, definition.kind);

  const addressError = address.trim() === '' ? null : definition.addressError(address);
  const maskError = mask.trim() === '' ? null : definition.maskError(mask);
  const isReady = address.trim() !== '' && mask.trim() !== '' && !addressError && !maskError;
  const { result, error } = useCalculationOutcome(definition, address, mask, isReady);

  const onSave = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched({ address: true, mask: true });
    if (!result) return show(messages.noResultToSave, 'yellow');
    if (!accountId) return show(messages.accountNotLoadedRefresh);
    save.mutate(
      { ipAddress: address.trim(), mask: mask.trim() },
      { onError: (failure) => show(messages.failedToSaveSubnet, 'red', errorMessage(failure, '')) },
    );
  };
  const onExport = () => {
    if (!result) return show(messages.noResultToExport, 'yellow');
    const csv = definition.resultCsv({ ipAddress: address.trim(), mask: mask.trim(), result });
    downloadText(resultFileName(definition.kind, result, new Date()), csv);
  };
  const onExportSaved = () => {
    if (!accountId) return show(messages.noAccountSelected);
    if (!saved.data || saved.data.length === 0) return show(messages.noSavedToExport, 'yellow');
    downloadText(savedFileName(definition.kind, new Date()), definition.savedCsv(saved.data));
  };
  const onReset = () => {
    setAddress('');
    setMask('');
    setTouched({ address: false, mask: false });
    clear();
  };
  const onLoad = (item: SavedCalculation<Result>) => {
    setAddress(item.ipAddress);
    setMask(item.mask);
    setTouched({ address: true, mask: true });
  };
  const onDelete = (item: SavedCalculation<Result>) => {
    if (!accountId) return show(messages.noAccountSelected);
    remove.mutate(item.id, {
      onError: (failure) => show(messages.failedToRemoveSubnet, 'red', errorMessage(failure, '')),
    });
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: isSavedShown ? 7 : 12 }}>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <form onSubmit={onSave} aria-label={`IPv${definition.version} Calculator`} noValidate>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={definition.addressLabel}
                  placeholder={definition.addressPlaceholder}
                  value={address}
                  onChange={(event) => setAddress(event.currentTarget.value)}
                  onBlur={() => setTouched((t) => ({ ...t, address: true }))}
                  error={touched.address ? addressError : null}
                  autoComplete="off"
                  spellCheck={false}
                  styles={monospaceInput}
                  data-autofocus
                />
                <TextInput
                  label={definition.maskLabel}
                  placeholder={definition.maskPlaceholder}
                  // The error already says which forms are accepted.
                  description={touched.mask && maskError ? undefined : definition.maskDescription}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  value={mask}
                  onChange={(event) => setMask(event.currentTarget.value)}
                  onBlur={() => setTouched((t) => ({ ...t, mask: true }))}
                  error={touched.mask ? maskError : null}
                  autoComplete="off"
                  spellCheck={false}
                  styles={monospaceInput}
                />
              </SimpleGrid>
              <Group mt="md" gap="sm">
                <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
                  Save
                </Button>
                <Button variant="default" leftSection={<IconFileExport size={18} />} onClick={onExport}>
                  Export CSV
                </Button>
                <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={onReset}>
                  Reset
                </Button>
                <Button
                  variant="subtle"
                  leftSection={isSavedShown ? <IconEyeOff size={18} /> : <IconEye size={18} />}
                  onClick={() => setSavedShown((shown) => !shown)}
                  aria-expanded={isSavedShown}
                >
                  {isSavedShown ? 'Hide Saved' : 'Show Saved'}
                </Button>
              </Group>
            </form>
            {message && <CalculatorMessage message={message} onDismiss={clear} />}
          </Paper>
          <ResultPanel definition={definition} result={result} error={error} account={account} />
        </Stack>
      </Grid.Col>
      {isSavedShown && (
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SavedSubnetsBox
            title={definition.savedTitle}
            hasAccount={accountId !== undefined}
            items={saved.data}
            isLoading={saved.isLoading}
            error={saved.error}
            onRetry={() => void saved.refetch()}
            deletingId={remove.isPending ? remove.variables : undefined}
            onLoad={onLoad}
            onDelete={onDelete}
            onExport={onExportSaved}
          />
        </Grid.Col>
      )}
    </Grid>
  );
}
