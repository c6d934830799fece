import type { LiveEvent } from '@ipam/core/api/live-event';

/** What changed in an account, sent to every member's open event stream (core's live event). */
export type AccountEvent = LiveEvent;

/** Publishes account events; writes call it after their transaction commits. */
export interface EventPublisher {
  publish(accountId: string, event: AccountEvent): void;
}

/** Publishes nothing: for server functions called outside a running server (tests, the CLI). */
export const noopEventPublisher: EventPublisher = {
  publish() {},
};
