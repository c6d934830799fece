import { PassThrough } from 'node:stream';
import type { AccountEvent } from './event-publisher.js';

/** Options of one open stream. */
export interface EventStreamOptions {
  /** Asked before every delivery (events and keep-alives); false or an error closes the stream. */
  isAllowed: () => Promise<boolean>;
  /** Milliseconds between keep-alive comments (proxies drop silent connections). */
  keepAliveMs: number;
  onError?: (error: unknown) => void;
}

type Pending = AccountEvent | 'keep-alive';

/** A client that reads slower than this many buffered bytes is cut off; its EventSource reconnects. */
const maxBufferedBytes = 1024 * 1024;

/**
 * One member's Server-Sent Events stream. Events queue up and are written only after an access
 * check that started after they arrived, so a user removed from the account (or logged out) gets
 * nothing more: the check fails and the stream closes. A burst shares one check.
 */
export class EventStream {
  /** The response body: `data: {...}` line pairs and `:` comment lines. */
  readonly body = new PassThrough();
  private pending: Pending[] = [];
  private isDraining = false;
  private isClosed = false;
  private readonly timer: NodeJS.Timeout;
  private readonly closeListeners: (() => void)[] = [];

  constructor(private readonly options: EventStreamOptions) {
    // Something to write makes the server send the headers now, so the client sees the stream open.
    this.body.write(': connected\n\n');
    this.timer = setInterval(() => this.enqueue('keep-alive'), options.keepAliveMs).unref();
    this.body.once('close', () => this.close());
  }

  /** Queues an event of the stream's account. */
  push(event: AccountEvent): void {
    this.enqueue(event);
  }

  /** Calls `listener` once when the stream closes (client gone, access lost, or server closing). */
  onClose(listener: () => void): void {
    if (this.isClosed) listener();
    else this.closeListeners.push(listener);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Ends the response and stops the keep-alives. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    clearInterval(this.timer);
    this.pending = [];
    if (!this.body.destroyed) this.body.end();
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  private enqueue(item: Pending): void {
    if (this.isClosed) return;
    this.pending.push(item);
    if (this.isDraining) return;
    this.isDraining = true;
    // Started after the current task, so events published together share one access check.
    queueMicrotask(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (!this.isClosed && this.pending.length > 0) {
        const batch = this.pending.splice(0);
        if (!(await this.checkAccess()) || this.isClosed) {
          this.close();
          return;
        }
        if (this.body.writableLength > maxBufferedBytes) {
          this.close();
          return;
        }
        this.body.write(batch.map(formatItem).join(''));
      }
    } finally {
      this.isDraining = false;
    }
  }

  private async checkAccess(): Promise<boolean> {
    try {
      return await this.options.isAllowed();
    } catch (error) {
      this.options.onError?.(error);
      return false;
    }
  }
}

/** The wire form: exactly kind, id and subnetId (when there is one), as one `data:` line. */
function formatItem(item: Pending): string {
  if (item === 'keep-alive') return ': keep-alive\n\n';
  const data = {
    kind: item.kind,
    id: item.id,
    ...(item.subnetId !== undefined ? { subnetId: item.subnetId } : {}),
  };
  return `data: ${JSON.stringify(data)}\n\n`;
}
