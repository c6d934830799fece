import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client.js';
import { queryKeys } from './query-keys.js';

/** The operator's public settings: embedded form addresses and the contact address. */
export const appConfigSchema = z.object({
  supportFormUrl: z.string().nullable(),
  feedbackFormUrl: z.string().nullable(),
  contactEmail: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The public configuration; it changes only with a server restart. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api.get('/api/config', appConfigSchema, { allowUnauthorized: true }),
    staleTime: Infinity,
  });
}
