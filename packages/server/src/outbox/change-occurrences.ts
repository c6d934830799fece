import type { ChangeAudit } from '../commands/change.js';

/**
 * A domain event of a change that no audit entry carries (an approval entry created by a scan, a scan
 * finished): `type` names it, `subjectId` the object, with its state before and after.
 */
export interface ChangeEvent {
  type: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
  subnetId?: string | undefined;
}

/** What a committed change did, as outbox producers read it: its audit entries and emitted events. */
export interface ChangeOccurrences {
  audits: readonly ChangeAudit[];
  emitted: readonly ChangeEvent[];
}
