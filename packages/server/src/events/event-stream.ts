import { PassThrough } from 'node:stream';
import type { AccountEvent } from './event-publisher.js';

/** A client that reads slower than this many buffered bytes is cut off; its EventSource reconnects. */
const maxBufferedBytes = 1024 * 1024;

/**
 * One member's Server-Sent Events stream: the response body, keep-alive comments on a timer, and the
 * events its account's stream group hands it after that group's access check (account-streams.ts).
 */
export class EventStream {
  /** The response body: `data: {...}` line pairs and `:` comment lines. */
  readonly body = new PassThrough();
  private isClosed = false;
  private lastEvent = Date.now();
  private readonly timer: NodeJS.Timeout;
  private readonly closeListeners: (() => void)[] = [];

  constructor(options: { keepAliveMs: number }) {
    // Something to write makes the server send the headers now, so the client sees the stream open.
    this.body.write(': connected\n\n');
    // A comment carries nothing of the account: it needs no access check (the group's sweep cuts
    // streams whose session or membership ended).
    this.timer = setInterval(() => this.writeText(': keep-alive\n\n'), options.keepAliveMs).unref();
    this.body.once('close', () => this.close());
  }

  /** Writes events that passed the access check, one `data:` line pair each. */
  write(events: readonly AccountEvent[]): void {
    this.lastEvent = Date.now();
    this.writeText(events.map(formatEvent).join(''));
  }

  /** When the stream last delivered an event (or opened): the idlest are shed first (stream-share.ts). */
  get lastEventAt(): number {
    return this.lastEvent;
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
    if (!this.body.destroyed) this.body.end();
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  private writeText(text: string): void {
    if (this.isClosed) return;
    if (this.body.writableLength > maxBufferedBytes) this.close();
    else this.body.write(text);
  }
}

/** The wire form: exactly kind, id and subnetId (when there is one), as one `data:` line. */
function formatEvent(event: AccountEvent): string {
  const data = {
    kind: event.kind,
    id: event.id,
    ...(event.subnetId !== undefined ? { subnetId: event.subnetId } : {}),
  };
  return `data: ${JSON.stringify(data)}\n\n`;
}
