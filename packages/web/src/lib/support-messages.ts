import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client.js';

/** What the built-in form sends when no external form is configured. */
export const supportMessageInputSchema = z.object({
  kind: z.enum(['support', 'feedback']),
  subject: z.string().trim().max(200, 'Subject is too long.').optional(),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required.')
    .max(5000, 'Message is too long (5000 characters at most).'),
});
export type SupportMessageInput = z.infer<typeof supportMessageInputSchema>;

const receiptSchema = z.object({ id: z.union([z.string(), z.number()]), receivedAt: z.string() });

/** Stores a support or feedback message on the server. */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: SupportMessageInput) => api.post('/api/support/messages', input, receiptSchema),
  });
}
