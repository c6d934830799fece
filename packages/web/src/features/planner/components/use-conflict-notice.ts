import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api-client.js';

/**
 * A 409 version_conflict (PL-20, PL-44): its message is shown; the write's hook has already reloaded
 * the plan, and an open dialog keeps what was typed.
 */
export function noticeConflict(error: Error): void {
  if (error instanceof ApiError && error.code === 'version_conflict') {
    notifications.show({ color: 'orange', title: 'Plan reloaded', message: error.message });
  }
}
