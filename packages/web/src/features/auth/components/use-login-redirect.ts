import { useLocation } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../config/paths.js';

const redirectStateSchema = z.object({ from: z.string().startsWith('/') });

/** The page the guard sent the visitor away from, or the Dashboard; never /login or /logout. */
export function useLoginRedirect(): string {
  const { state } = useLocation();
  const parsed = redirectStateSchema.safeParse(state);
  if (!parsed.success) return paths.dashboard;
  const { from } = parsed.data;
  return from.startsWith(paths.login) || from.startsWith(paths.logout) ? paths.dashboard : from;
}
