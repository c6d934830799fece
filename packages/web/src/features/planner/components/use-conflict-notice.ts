import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api-client.js';

/** Whether a write was refused because the plan moved on since it was loaded (PL-20). */
export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'version_conflict';
}

/**
 * A 409 version_conflict (PL-20, PL-44): its message is shown; the write's hook has already reloaded
 * the plan, and an open dialog keeps what was typed.
 */
export function noticeConflict(error: Error): void {
  if (isVersionConflict(error)) {
    notifications.show({ color: 'orange', title: 'Plan reloaded', message: error.message });
  }
}
