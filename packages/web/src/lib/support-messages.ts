import { supportRoutes } from '@ipam/core/api/routes/support';
import type { SupportMessageInput } from '@ipam/core/schemas/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from './api-client.js';

/** Stores a support or feedback message on the server (checked there by core's supportMessageSchema). */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: SupportMessageInput) => call(supportRoutes.sendMessage, { body: input }),
  });
}
