import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import type { EventStream } from './event-stream.js';

/** How many streams the process and each holder (a client address, see stream-holder.ts) may hold. */
export interface StreamShareLimits {
  /** All streams of the process: a share of MAX_CONNECTIONS, so ordinary requests keep the rest. */
  maxStreams: number;
  perHolder: number;
}

/**
 * The streams' share of the server's connections (issue 36). Each stream counts for its holder until
 * it closes. A holder past its own cap is refused (429). When the share is full, a newcomer gets the
 * place of the stream that has gone longest without an event among those of the largest holder, as
 * long as that holder keeps more streams than the newcomer's holder then has; otherwise it is refused.
 * So many addresses holding many streams lose them first, and a tenant's first streams still open.
 */
export class StreamShare {
  private readonly streamsOf = new Map<string, Set<EventStream>>();
  private total = 0;

  constructor(private readonly limits: StreamShareLimits) {}

  get size(): number {
    return this.total;
  }

  /** Counts the stream for `holder`, making room first when the share is full; a 429 when it cannot. */
  admit(holder: string, stream: EventStream): void {
    const own = this.streamsOf.get(holder)?.size ?? 0;
    if (own >= this.limits.perHolder) throw new DomainError('rate_limited', messages.tooManyStreams);
    if (this.total >= this.limits.maxStreams) {
      const shed = this.sheddable(own + 1);
      if (!shed) throw new DomainError('rate_limited', messages.tooManyStreams);
      shed.close(); // its close listener below takes it off the counts at once
    }
    const streams = this.streamsOf.get(holder) ?? new Set<EventStream>();
    this.streamsOf.set(holder, streams);
    streams.add(stream);
    this.total += 1;
    stream.onClose(() => {
      if (!streams.delete(stream)) return;
      this.total -= 1;
      if (streams.size === 0 && this.streamsOf.get(holder) === streams) this.streamsOf.delete(holder);
    });
  }

  /** The longest-idle stream of the largest holder, if it holds more than `newcomerWouldHold`. */
  private sheddable(newcomerWouldHold: number): EventStream | null {
    let largest: Set<EventStream> | null = null;
    for (const streams of this.streamsOf.values()) {
      if (!largest || streams.size > largest.size) largest = streams;
    }
    if (!largest || largest.size <= newcomerWouldHold) return null;
    let idlest: EventStream | null = null;
    for (const stream of largest) {
      if (!idlest || stream.lastEventAt < idlest.lastEventAt) idlest = stream;
    }
    return idlest;
  }
}
