import type { AccountEvent } from './event-publisher.js';
import type { EventStream } from './event-stream.js';
import { accessKey, type StreamAccess } from './stream-access-repository.js';

/** Asks which of the accesses may still read the account (keys from `accessKey`). */
export type AccessCheck = (accesses: readonly StreamAccess[]) => Promise<Set<string>>;

/**
 * The open streams of one account in this process. Events queue up and are written only after an
 * access check that started after they arrived, so a user removed from the account (or logged out)
 * gets nothing more: that stream closes instead. One check serves every stream of the account and
 * every event of a burst, so its cost grows with bursts, not with streams, and other accounts' streams
 * cost nothing here.
 */
export class AccountStreams {
  private readonly streams = new Map<EventStream, StreamAccess>();
  private pending: AccountEvent[] = [];
  private isDraining = false;

  constructor(
    private readonly checkAccess: AccessCheck,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Adds a stream; it leaves the group when it closes. */
  add(stream: EventStream, access: StreamAccess): void {
    this.streams.set(stream, access);
    stream.onClose(() => this.streams.delete(stream));
  }

  get size(): number {
    return this.streams.size;
  }

  /** How many of the group's streams the user holds. */
  countOf(userId: string): number {
    let count = 0;
    for (const access of this.streams.values()) if (access.userId === userId) count += 1;
    return count;
  }

  /** Queues an event of the account for every stream. */
  push(event: AccountEvent): void {
    this.pending.push(event);
    this.scheduleDrain();
  }

  /** Checks access with nothing to deliver: streams whose session or membership ended close. */
  sweep(): void {
    this.scheduleDrain();
  }

  /** Ends every stream of the group. */
  closeAll(): void {
    for (const stream of [...this.streams.keys()]) stream.close();
  }

  private scheduleDrain(): void {
    if (this.isDraining) return;
    this.isDraining = true;
    // Started after the current task, so events published together share one access check.
    queueMicrotask(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      do {
        const batch = this.pending.splice(0);
        const streams = [...this.streams];
        if (streams.length === 0) return;
        const allowed = await this.allowedKeys(streams.map(([, access]) => access));
        for (const [stream, access] of streams) {
          if (!allowed.has(accessKey(access))) stream.close();
          else if (batch.length > 0) stream.write(batch);
        }
      } while (this.pending.length > 0);
    } finally {
      this.isDraining = false;
    }
  }

  private async allowedKeys(accesses: readonly StreamAccess[]): Promise<Set<string>> {
    try {
      return await this.checkAccess(accesses);
    } catch (error) {
      this.onError(error);
      return new Set(); // unable to tell: every stream closes, and its client reconnects
    }
  }
}
