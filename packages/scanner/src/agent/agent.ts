import { setTimeout as delay } from 'node:timers/promises';
import type { ScanJob } from '@ipam/core/api/scanner';
import type { ScanResultsInput } from '@ipam/core/schemas/scanner-schemas';
import { ScannerApiError } from '../api/scanner-api-error.js';
import type { ScannerClient } from '../api/scanner-client.js';
import { count, seconds, type Logger } from '../log.js';
import { scanJob, type ScanMeans } from '../scan/scan-job.js';
import { backoffDelayMs, SERVER_BACKOFF, type BackoffPolicy } from './backoff.js';

/** Until the server says otherwise. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 60;
/** Tries of one results batch while the server is down, before the job is given up (its lease then ends). */
const BATCH_TRIES = 5;

export interface Agent {
  readonly client: ScannerClient;
  readonly means: ScanMeans;
  readonly log: Logger;
  readonly backoff?: BackoffPolicy;
  /** Waits `ms` or until `signal` aborts; resolves either way. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The means for a round that has jobs, read afresh (sighting sources stored on the server). */
  readonly refreshMeans?: (signal: AbortSignal) => Promise<ScanMeans>;
}

/** What one round did. */
export interface Round {
  readonly pollIntervalSeconds: number;
  readonly jobs: number;
  readonly failedJobs: number;
}

async function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  await delay(ms, undefined, { signal }).catch(() => undefined);
}

function jobLabel(job: ScanJob): string {
  return `${job.name} ${job.networkIP}/${job.prefixLength} (subnet ${job.subnetId})`;
}

/** Posts one batch, trying again with back-off while the server is down or busy. */
async function postBatch(agent: Agent, batch: ScanResultsInput, signal: AbortSignal) {
  const policy = agent.backoff ?? SERVER_BACKOFF;
  const sleep = agent.sleep ?? abortableSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await agent.client.postResults(batch, signal);
    } catch (error) {
      if (
        !(error instanceof ScannerApiError) ||
        !error.isTransient ||
        attempt >= BATCH_TRIES ||
        signal.aborted
      ) {
        throw error;
      }
      const waitMs =
        error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : backoffDelayMs(attempt, policy);
      agent.log.warn(
        `posting results of subnet ${batch.subnetId} failed: ${error.message}; trying again in ${seconds(waitMs)}`,
      );
      await sleep(waitMs, signal);
    }
  }
}

/** Scans one job and posts its batches; throws what went wrong (the round logs it and goes on). */
export async function runJob(agent: Agent, job: ScanJob, signal: AbortSignal): Promise<void> {
  const started = performance.now();
  const label = jobLabel(job);
  let alive = 0;
  let dead = 0;
  let batches = 0;
  let applied = 0;
  let approvals = 0;
  let isLeaseOverrun = false;
  const scan = scanJob(job, agent.means, {
    onPlanned: (coverage, targets) =>
      agent.log.info(
        `job started ${label}: ${count(targets, 'host')} to probe, ${coverage}, ${agent.means.prober.description}`,
      ),
    onSourceError: (source, error) =>
      agent.log.warn(
        `job ${label}: ${source.name} could not be read (${error instanceof Error ? error.message : String(error)}); scanning without it`,
      ),
  });
  for await (const batch of scan) {
    if (signal.aborted) throw new Error('stopped before the job was done');
    if (!isLeaseOverrun && performance.now() - started > job.leaseSeconds * 1000) {
      isLeaseOverrun = true;
      agent.log.warn(
        `job ${label} outlasted its ${job.leaseSeconds} s lease; the server may hand it out again (--probe icmp is faster on a large subnet)`,
      );
    }
    const answer = await postBatch(agent, batch, signal);
    batches++;
    applied += answer.applied;
    approvals += answer.approvals;
    for (const host of batch.hosts) {
      if (host.alive) alive++;
      else dead++;
    }
  }
  const took = seconds(performance.now() - started);
  agent.log.info(
    `job finished ${label}: ${alive} alive, ${dead} dead, ${count(batches, 'batch')} in ${took}; server applied ${applied}, approvals ${approvals}`,
  );
}

/**
 * One round: asks for the due jobs and scans each; a job that fails is logged and the others go
 * on. A failure to get the jobs (server down, key refused) throws a ScannerApiError.
 */
export async function runRound(agent: Agent, signal: AbortSignal): Promise<Round> {
  const { pollIntervalSeconds, jobs } = await agent.client.jobs(signal);
  const means = jobs.length > 0 && agent.refreshMeans ? await agent.refreshMeans(signal) : agent.means;
  let failedJobs = 0;
  for (const job of jobs) {
    if (signal.aborted) break;
    try {
      await runJob({ ...agent, means }, job, signal);
    } catch (error) {
      failedJobs++;
      agent.log.error(
        `job failed ${jobLabel(job)}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const interval = pollIntervalSeconds >= 1 ? pollIntervalSeconds : DEFAULT_POLL_INTERVAL_SECONDS;
  return { pollIntervalSeconds: interval, jobs: jobs.length, failedJobs };
}

/**
 * Runs as a service until `signal` aborts: a round every pollIntervalSeconds; while the server is
 * down or refuses the key, waits with capped, jittered exponential back-off. Never throws.
 */
export async function runService(agent: Agent, signal: AbortSignal): Promise<void> {
  const policy = agent.backoff ?? SERVER_BACKOFF;
  const sleep = agent.sleep ?? abortableSleep;
  let failures = 0;
  while (!signal.aborted) {
    let waitMs: number;
    try {
      const round = await runRound(agent, signal);
      if (failures > 0) agent.log.info(`server reachable again after ${count(failures, 'failed poll')}`);
      failures = 0;
      waitMs = round.pollIntervalSeconds * 1000;
    } catch (error) {
      if (signal.aborted) break;
      failures++;
      const retryAfter = error instanceof ScannerApiError ? error.retryAfterSeconds : null;
      waitMs = retryAfter !== null ? retryAfter * 1000 : backoffDelayMs(failures, policy);
      const reason = error instanceof Error ? error.message : String(error);
      agent.log.warn(`polling for jobs failed: ${reason}; trying again in ${seconds(waitMs)}`);
    }
    await sleep(waitMs, signal);
  }
}
