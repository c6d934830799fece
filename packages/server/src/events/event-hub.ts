import type { AccountEvent, EventPublisher } from './event-publisher.js';

/** Receives the events of one account. */
export type EventListener = (event: AccountEvent) => void;

/** A publisher whose events can also be heard: the open event streams subscribe here. */
export interface EventBus extends EventPublisher {
  /** Listens to one account's events until the returned function is called. */
  subscribe(accountId: string, listener: EventListener): () => void;
  /** Calls `listener` when events may have been missed (a lost listener came back): streams end then. */
  onReset?(listener: () => void): void;
}

/** The listeners of this process, by account; delivery is synchronous and never throws. */
export class EventHub {
  private readonly listeners = new Map<string, Set<EventListener>>();
  private readonly resetListeners: (() => void)[] = [];

  subscribe(accountId: string, listener: EventListener): () => void {
    let set = this.listeners.get(accountId);
    if (!set) {
      set = new Set();
      this.listeners.set(accountId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(accountId) === set) this.listeners.delete(accountId);
    };
  }

  /** Hands the event to every listener of the account in this process. */
  deliver(accountId: string, event: AccountEvent): void {
    const set = this.listeners.get(accountId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch {
        // A broken stream must not stop the others (or the write that published the event).
      }
    }
  }

  /** Registers a listener for `reset`. */
  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  /** Says that events may have been lost: open streams end so their clients reconnect and refetch. */
  reset(): void {
    for (const listener of this.resetListeners) listener();
  }

  /** How many listeners are open (all accounts, or one). */
  size(accountId?: string): number {
    if (accountId !== undefined) return this.listeners.get(accountId)?.size ?? 0;
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }
}

/** The single-process bus (SQLite, or tests): publish goes straight to this process's streams. */
export function createLocalEventBus(): EventBus & { hub: EventHub } {
  const hub = new EventHub();
  return {
    hub,
    publish: (accountId, event) => hub.deliver(accountId, event),
    subscribe: (accountId, listener) => hub.subscribe(accountId, listener),
    onReset: (listener) => hub.onReset(listener),
  };
}

/** Whether a publisher can also be subscribed to. */
function isEventBus(publisher: EventPublisher): publisher is EventBus {
  return 'subscribe' in publisher && typeof publisher.subscribe === 'function';
}

/**
 * The bus the app runs on: the given one, a local bus when none is given, or, for a publish-only
 * publisher (a test recording events), that publisher plus a local bus so streams still work.
 */
export function eventBusFor(publisher?: EventPublisher): EventBus {
  if (publisher && isEventBus(publisher)) return publisher;
  const local = createLocalEventBus();
  if (!publisher) return local;
  return {
    publish(accountId, event) {
      publisher.publish(accountId, event);
      local.publish(accountId, event);
    },
    subscribe: local.subscribe,
  };
}
