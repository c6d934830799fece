import { webhookRoutes } from '@ipam/core/api/routes/webhooks';
import type { WebhookCreateInput, WebhookUpdateInput } from '@ipam/core/schemas/webhook-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's webhooks (owner only); refreshed every 30 s so a webhook turned off shows its notice. */
export function useWebhooks(accountId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks(accountId),
    queryFn: async () => (await call(webhookRoutes.list, { params: { accountId } })).items,
    refetchInterval: 30_000,
  });
}

function useRefreshWebhooks(accountId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(accountId) });
}

/** Adds a webhook; the answer carries its secret, the only time it is shown. */
export function useCreateWebhook(accountId: string) {
  const refresh = useRefreshWebhooks(accountId);
  return useMutation({
    mutationFn: (input: WebhookCreateInput) =>
      call(webhookRoutes.create, { params: { accountId }, body: input }),
    onSuccess: refresh,
  });
}

/** Changes a webhook's URL, events or active flag. */
export function useUpdateWebhook(accountId: string) {
  const refresh = useRefreshWebhooks(accountId);
  return useMutation({
    mutationFn: ({ webhookId, fields }: { webhookId: string; fields: WebhookUpdateInput }) =>
      call(webhookRoutes.update, { params: { accountId, webhookId }, body: fields }),
    onSettled: refresh,
  });
}

/** Deletes a webhook. */
export function useDeleteWebhook(accountId: string) {
  const refresh = useRefreshWebhooks(accountId);
  return useMutation({
    mutationFn: (webhookId: string) => call(webhookRoutes.remove, { params: { accountId, webhookId } }),
    onSettled: refresh,
  });
}

/** A webhook's delivery log; polled while open, so retries and answers show as they happen. */
export function useDeliveries(accountId: string, webhookId: string) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(accountId, webhookId),
    queryFn: async () => (await call(webhookRoutes.deliveries, { params: { accountId, webhookId } })).items,
    refetchInterval: 2000,
  });
}

function useRefreshDeliveries(accountId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(accountId, webhookId) });
}

/** Sends a delivery again. */
export function useRedeliver(accountId: string, webhookId: string) {
  const refresh = useRefreshDeliveries(accountId, webhookId);
  return useMutation({
    mutationFn: (deliveryId: string) =>
      call(webhookRoutes.redeliver, { params: { accountId, webhookId, deliveryId } }),
    onSuccess: refresh,
  });
}

/** Sends a test event to the webhook. */
export function useSendTestEvent(accountId: string, webhookId: string) {
  const refresh = useRefreshDeliveries(accountId, webhookId);
  return useMutation({
    mutationFn: () => call(webhookRoutes.test, { params: { accountId, webhookId } }),
    onSuccess: refresh,
  });
}
