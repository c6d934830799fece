import type { SupportMessageInput } from '@ipam/core/schemas/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client.js';

const receiptSchema = z.object({ id: z.union([z.string(), z.number()]), receivedAt: z.string() });

/** Stores a support or feedback message on the server (checked there by core's supportMessageSchema). */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: SupportMessageInput) => api.post('/api/support/messages', input, receiptSchema),
  });
}
