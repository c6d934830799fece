/** What changed in an account, sent to every member's open event stream. */
export interface AccountEvent {
  kind: string;
  id: string;
  subnetId?: string;
}

/** Publishes account events; writes call it after their transaction commits. */
export interface EventPublisher {
  publish(accountId: string, event: AccountEvent): void;
}

/** Publishes nothing: for server functions called outside a running server (tests, the CLI). */
export const noopEventPublisher: EventPublisher = {
  publish() {},
};
