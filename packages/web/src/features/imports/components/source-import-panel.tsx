import { hasRole } from '@ipam/core/roles';
import type { Account } from '@ipam/core/api/account';
import type { SourceImportReport } from '@ipam/core/api/source-import';
import { messages } from '@ipam/core/messages';
import { List, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { formErrorsOf, isShownOnFields } from '../../../lib/form-errors.js';
import { useSourceImport, useSourceImports, useStartSourceImport } from '../api/source-imports.js';
import {
  emptyImportForm,
  importFormField,
  importInputsKey,
  type ImportFormValues,
  parsedImportRequest,
  validateImportForm,
} from '../import-form-values.js';
import { countsSentence, hasWrites } from '../import-report-view.js';
import { ImportForm } from './import-form.js';
import { ImportJobView } from './import-job-view.js';
import { RecentImports } from './recent-imports.js';

/** Settings ▸ Import: import VRFs, groups, subnets and addresses from phpIPAM or NetBox (admins and owners). */
export function SourceImportPanel({ account }: { account: Account }) {
  return (
    <Stack>
      <Title order={3}>Import from phpIPAM / NetBox</Title>
      {hasRole(account.role, 'admin') ? (
        <SourceImport accountId={account.id} />
      ) : (
        <Text c="dimmed">{messages.importOwnerOnly}</Text>
      )}
    </Stack>
  );
}

/** The confirmation's list: what the preview found, outcome by outcome. */
function PreviewCounts({ report }: { report: SourceImportReport }) {
  const lines = [
    ['Import', countsSentence(report, 'imported')],
    ['Update', countsSentence(report, 'updated')],
    ['Skip', countsSentence(report, 'skipped')],
    ['Leave unchanged', countsSentence(report, 'unchanged')],
  ] as const;
  return (
    <List size="sm" spacing={4}>
      {lines.map(([label, sentence]) => (
        <List.Item key={label}>
          <b>{label}:</b> {sentence ?? 'nothing'}
        </List.Item>
      ))}
    </List>
  );
}

function SourceImport({ accountId }: { accountId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const imports = useSourceImports(accountId);
  const start = useStartSourceImport(accountId);
  // The preview an Apply would follow, with the inputs it ran for (in memory only: they hold the token).
  const [previewed, setPreviewed] = useState<{ key: string; importId: string } | null>(null);
  const preview = useSourceImport(accountId, previewed?.importId ?? null);
  const form = useForm<ImportFormValues>({ initialValues: emptyImportForm, validate: validateImportForm });

  const running = imports.data?.find((job) => job.status === 'running');
  // The import asked for in the URL, else the one running now (another tab's, or before a reload).
  const selectedId = searchParams.get('import') ?? running?.id ?? null;
  const isSameInputs = previewed !== null && previewed.key === importInputsKey(form.values);
  const previewReport = isSameInputs && preview.data?.status === 'done' ? preview.data.report : null;

  let applyHint = 'Preview first: Apply writes what the preview of these settings shows.';
  if (isSameInputs && preview.data?.status === 'running')
    applyHint = 'Apply is offered once the preview has finished.';
  if (isSameInputs && (preview.data?.status === 'failed' || preview.data?.status === 'interrupted')) {
    applyHint = 'The preview did not finish: correct the settings and preview again.';
  }

  const show = (importId: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      next.set('import', importId);
      return next;
    });

  function run(dryRun: boolean) {
    const request = parsedImportRequest(form.values, dryRun);
    if (!request) return;
    const key = importInputsKey(form.values);
    start.mutate(request, {
      onSuccess: (job) => {
        // An Apply uses its preview up: another one previews again, with counts that are true then.
        setPreviewed(dryRun ? { key, importId: job.id } : null);
        show(job.id);
      },
      onError: (error) => form.setErrors(formErrorsOf(error, importFormField)),
    });
  }

  function confirmApply() {
    if (form.validate().hasErrors || !previewReport) return;
    modals.openConfirmModal({
      title: 'Apply the import',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {hasWrites(previewReport)
              ? `The preview of ${previewReport.source} found:`
              : 'The preview found nothing to import or update: everything is here already.'}
          </Text>
          <PreviewCounts report={previewReport} />
          <Text size="sm" c="dimmed">
            Apply writes what the preview found into this account. Objects are matched on their VRF and
            network or address, so running it again never copies them twice.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Apply', cancel: 'Cancel' },
      confirmProps: { color: 'orange' },
      onConfirm: () => run(false),
    });
  }

  const startFailure =
    start.error && !isShownOnFields(start.error, importFormField) ? (
      <FailureAlert situation="The import could not be started." error={start.error} />
    ) : null;

  return (
    <>
      <Text size="sm" c="dimmed" maw={760}>
        Copies VRFs, groups (phpIPAM sections and folders; NetBox tenants or sites), subnets and addresses
        into this account. Preview first: it reads the source and tells what an import would do, writing
        nothing. Objects already here are matched, so an import can run again, and finishes one that stopped.
      </Text>
      <ImportForm
        form={form}
        onPreview={() => run(true)}
        onApply={confirmApply}
        canApply={previewReport !== null}
        applyHint={applyHint}
        starting={start.isPending ? (start.variables.dryRun ? 'preview' : 'apply') : null}
        isBusy={running !== undefined || start.isPending}
        failure={startFailure}
      />
      {selectedId !== null && <ImportJobView accountId={accountId} importId={selectedId} />}
      <Title order={4} mt="md">
        Latest imports
      </Title>
      <RecentImports imports={imports} selectedId={selectedId} onSelect={(job) => show(job.id)} />
    </>
  );
}
