import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_USER } from '@ipam/core/limits';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import { AccountStreams, type AccessCheck } from './account-streams.js';
import type { EventBus } from './event-hub.js';
import type { EventStream } from './event-stream.js';
import type { StreamAccess } from './stream-access-repository.js';
import { StreamShare, type StreamShareLimits } from './stream-share.js';

/**
 * Every open event stream of this process, grouped by account: one bus subscription and one access
 * check per account, caps per user and per account (429 beyond them), the streams' share of the
 * server's connections with a cap per client address (stream-share.ts), and a sweep on a timer that
 * cuts streams whose session or membership ended even when no event comes.
 */
export class StreamRegistry {
  private readonly groups = new Map<string, { streams: AccountStreams; unsubscribe: () => void }>();
  private readonly streamsOfUser = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private readonly share: StreamShare;

  constructor(
    private readonly bus: EventBus,
    private readonly checkAccess: (
      accountId: string,
      accesses: readonly StreamAccess[],
    ) => Promise<Set<string>>,
    private readonly onError: (error: unknown) => void,
    sweepMs: number,
    limits: StreamShareLimits,
  ) {
    this.share = new StreamShare(limits);
    this.timer = setInterval(() => this.sweep(), sweepMs).unref();
  }

  /**
   * Adds a stream of the account opened from `holder` (stream-holder.ts), or refuses it (429) when the
   * user, the account or the holder holds too many, or the streams' share is full of smaller holders.
   */
  open(accountId: string, access: StreamAccess, stream: EventStream, holder: string): void {
    if ((this.streamsOfUser.get(access.userId) ?? 0) >= MAX_STREAMS_PER_USER) {
      throw new DomainError('rate_limited', messages.tooManyStreams);
    }
    const accountSize = this.groups.get(accountId)?.streams.size ?? 0;
    if (accountSize >= MAX_STREAMS_PER_ACCOUNT)
      throw new DomainError('rate_limited', messages.tooManyStreams);
    this.share.admit(holder, stream);
    const group = this.groupOf(accountId);
    group.add(stream, access);
    this.streamsOfUser.set(access.userId, (this.streamsOfUser.get(access.userId) ?? 0) + 1);
    stream.onClose(() => {
      const left = (this.streamsOfUser.get(access.userId) ?? 1) - 1;
      if (left > 0) this.streamsOfUser.set(access.userId, left);
      else this.streamsOfUser.delete(access.userId);
      this.dropIfEmpty(accountId);
    });
  }

  /** Open streams in this process (all accounts, or one). */
  size(accountId?: string): number {
    if (accountId !== undefined) return this.groups.get(accountId)?.streams.size ?? 0;
    let total = 0;
    for (const { streams } of this.groups.values()) total += streams.size;
    return total;
  }

  /** Checks every account's streams now (the timer does it every sweep interval). */
  sweep(): void {
    for (const { streams } of this.groups.values()) streams.sweep();
  }

  /** Ends every stream (events may have been missed, or the server is closing). */
  closeAll(): void {
    for (const { streams } of [...this.groups.values()]) streams.closeAll();
  }

  /** Stops the sweep timer. */
  stop(): void {
    clearInterval(this.timer);
  }

  private groupOf(accountId: string): AccountStreams {
    const existing = this.groups.get(accountId);
    if (existing) return existing.streams;
    const check: AccessCheck = (accesses) => this.checkAccess(accountId, accesses);
    const streams = new AccountStreams(check, this.onError);
    const unsubscribe = this.bus.subscribe(accountId, (event) => streams.push(event));
    this.groups.set(accountId, { streams, unsubscribe });
    return streams;
  }

  private dropIfEmpty(accountId: string): void {
    const group = this.groups.get(accountId);
    if (group && group.streams.size === 0) {
      group.unsubscribe();
      this.groups.delete(accountId);
    }
  }
}
