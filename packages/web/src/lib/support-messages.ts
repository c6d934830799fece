import { supportReceiptResponse } from '@ipam/core/api/account';
import type { SupportMessageInput } from '@ipam/core/schemas/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from './api-client.js';

/** Stores a support or feedback message on the server (checked there by core's supportMessageSchema). */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: SupportMessageInput) =>
      api.post('/api/support/messages', input, supportReceiptResponse),
  });
}
