import type { SourceImportJob } from '@ipam/core/api/source-import';
import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { countOf, phaseKind, phasesOf, phaseWords } from '../import-report-view.js';

/** Objects per second in the current phase, from the first and the latest reading of it; null early on. */
function usePhaseRate(job: SourceImportJob): number | null {
  const key = `${job.id}:${job.phase}`;
  const latest = { key, at: Date.parse(job.updatedAt), done: job.done };
  const [first, setFirst] = useState(latest);
  // A new phase (or import) starts its own count: adjusting state while rendering, as React advises.
  if (first.key !== key) {
    setFirst(latest);
    return null;
  }
  const seconds = (latest.at - first.at) / 1000;
  return seconds >= 1 && latest.done > first.done ? (latest.done - first.done) / seconds : null;
}

/** A running import: its step and phase in words, and how far the phase is. */
export function ImportProgress({ job }: { job: SourceImportJob }) {
  const isPreview = job.dryRun;
  const rate = usePhaseRate(job);
  const steps = phasesOf(isPreview);
  const step = Math.max(steps.indexOf(job.phase), 0) + 1;
  const kind = phaseKind(job.phase);
  const hasTotal = job.total !== null && job.total > 0;
  const percent = hasTotal && job.total !== null ? Math.min(100, (job.done / job.total) * 100) : 100;

  let amount = '';
  if (kind !== null && job.total !== null) {
    amount = `${job.done.toLocaleString('en-US')} of ${countOf(kind, job.total)}`;
  } else if (kind !== null) {
    amount = `${countOf(kind, job.done)} so far`;
    if (rate !== null) amount += ` · ${Math.round(rate).toLocaleString('en-US')} per second`;
  }

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      maw={760}
      aria-label={isPreview ? 'Preview running' : 'Import running'}
    >
      <Stack gap="xs">
        <Group gap="xs">
          <Loader size="xs" />
          <Text fw={600}>{isPreview ? 'Preview running' : 'Import running'}</Text>
          <Text size="sm" c="dimmed">
            {job.source}
          </Text>
        </Group>
        <Text size="sm" role="status" aria-live="polite">
          Step {step} of {steps.length}: {phaseWords(job.phase, isPreview)}
        </Text>
        <Progress
          value={percent}
          striped={!hasTotal}
          animated={!hasTotal}
          color={hasTotal ? 'blue' : 'gray'}
          size="lg"
          aria-label={phaseWords(job.phase, isPreview)}
          aria-valuetext={amount || 'working'}
        />
        <Text size="sm" c="dimmed" data-testid="import-progress-amount">
          {amount || 'Waiting for the first answers of the source…'}
        </Text>
        {!isPreview && (
          <Text size="xs" c="dimmed">
            You may leave this page: the import goes on in the server. What it wrote stays if it stops.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
