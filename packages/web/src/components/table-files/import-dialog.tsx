import type { ImportReport } from '@ipam/core/api/table-import';
import { Alert, Button, FileInput, Group as Row, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.js';
import { postImport } from '../../lib/table-files.js';
import { ImportReportTable } from './import-report-table.js';

interface ImportDialogProps {
  title: string;
  /** What the file holds, shown above the picker (its columns). */
  columns: readonly string[];
  /** The import route's URL for a dry run (Check) or a real import (Apply), from `apiUrl`. */
  urlFor: (dryRun: boolean) => string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Import from a CSV or XLSX file: pick it, Check (a dry run: the report per row), then Apply, which
 * writes every row or none. Apply is offered only for a checked file without errors.
 */
export function ImportDialog({ title, columns, urlFor, opened, onClose }: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const run = useMutation({
    mutationFn: ({ chosen, dryRun }: { chosen: File; dryRun: boolean }) => postImport(urlFor(dryRun), chosen),
    onSuccess: (answer) => {
      setReport(answer);
      if (answer.applied) {
        const { create, update } = answer.counts;
        notifications.show({ color: 'green', message: `Imported: ${create} created, ${update} updated.` });
        close();
      }
    },
  });
  const close = () => {
    setFile(null);
    setReport(null);
    run.reset();
    onClose();
  };
  const canApply = file !== null && report?.dryRun === true && report.counts.error === 0;
  return (
    <Modal opened={opened} onClose={close} title={title} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A CSV or .xlsx file whose first row names the columns: {columns.join(', ')}.
        </Text>
        <FileInput
          label="File"
          placeholder="Choose a .csv or .xlsx file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setReport(null);
            run.reset();
          }}
          clearable
        />
        {run.isError && (
          <Alert color="red" role="alert">
            {errorMessage(run.error)}
          </Alert>
        )}
        {report && !report.applied && !report.dryRun && (
          <Alert color="red" role="alert">
            {report.error}
          </Alert>
        )}
        {report && <ImportReportTable report={report} />}
        {report?.dryRun && report.counts.error > 0 && (
          <Text size="sm" c="red">
            Correct the rows with errors and check the file again: an import writes every row or none.
          </Text>
        )}
        <Row justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="light"
            disabled={file === null}
            loading={run.isPending && run.variables.dryRun}
            onClick={() => file && run.mutate({ chosen: file, dryRun: true })}
          >
            Check file
          </Button>
          <Button
            disabled={!canApply}
            loading={run.isPending && !run.variables.dryRun}
            onClick={() => file && run.mutate({ chosen: file, dryRun: false })}
          >
            Apply
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
