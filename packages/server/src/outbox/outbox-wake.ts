/**
 * The in-process nudge from a committed change to this process's outbox workers, so an item is sent at
 * once rather than at the next poll. Other processes find it by polling.
 */
const listeners = new Set<() => void>();

/** Wakes every outbox worker of this process (call after a commit that wrote outbox items). */
export function wakeOutboxWorkers(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` on every wake; returns how to stop. */
export function onOutboxWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
