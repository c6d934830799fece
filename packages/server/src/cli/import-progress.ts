import type { ImportPhase } from '@ipam/core/api/source-import';
import type { ImportProgress } from '../source-import/source-import.js';

const PHASE_WORDS: Record<ImportPhase, string> = {
  reading: 'reading the source',
  vrfs: 'writing VRFs',
  groups: 'writing groups',
  subnets: 'subnets',
  addresses: 'addresses',
  done: 'done',
};

const BAR_WIDTH = 30;

/** One line of progress: a bar when the total is known, else a count; with the rate per second. */
export function progressLine(progress: ImportProgress, elapsedMs: number): string {
  const words = PHASE_WORDS[progress.phase];
  if (progress.phase === 'reading') return `${words}…`;
  const rate = elapsedMs > 0 ? Math.round((progress.done * 1000) / elapsedMs) : 0;
  const count = progress.done.toLocaleString('en-US');
  const rateText = progress.done > 0 ? ` · ${rate.toLocaleString('en-US')}/s` : '';
  if (progress.total !== null && progress.total > 0) {
    const filled = Math.min(BAR_WIDTH, Math.round((progress.done / progress.total) * BAR_WIDTH));
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
    return `${bar} ${words} ${count}/${progress.total.toLocaleString('en-US')}${rateText}`;
  }
  return `${words} ${count}${progressRateWord(progress)}${rateText}`;
}

function progressRateWord(progress: ImportProgress): string {
  return progress.phase === 'addresses' ? ' read' : '';
}

/**
 * Shows progress on a terminal: the line rewritten in place on a TTY (at most ten times a second), or
 * a line at each new phase and every ten seconds when the output is a file or a pipe.
 */
export function terminalProgress(write: (text: string) => void, isTty: boolean) {
  let phase: ImportPhase | null = null;
  let phaseStarted = Date.now();
  let lastShown = 0;
  return {
    update(progress: ImportProgress) {
      const now = Date.now();
      const isNewPhase = progress.phase !== phase;
      if (isNewPhase) {
        if (isTty && phase !== null) write('\n');
        phase = progress.phase;
        phaseStarted = now;
      }
      const every = isTty ? 100 : 10_000;
      if (!isNewPhase && now - lastShown < every && progress.phase !== 'done') return;
      lastShown = now;
      const line = progressLine(progress, now - phaseStarted);
      write(isTty ? `\r${line}\u001b[K` : `${line}\n`);
    },
    end() {
      if (isTty && phase !== null) write('\n');
    },
  };
}
