import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import { webhookQueries } from './queries';

/** Every change here may change the list and the deliveries shown: all of the feature's reads are refreshed. */
function useWebhookMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookQueries.all() }),
  });
}

export function useCreateWebhook() {
  const client = useClient();
  return useWebhookMutation((body: OpInput<'webhooks.create'>['body']) => client.call('webhooks.create', { body }));
}

export function useDeleteWebhook() {
  const client = useClient();
  return useWebhookMutation((id: number) => client.call('webhooks.delete', { params: { id: String(id) } }));
}

export function useRotateWebhook() {
  const client = useClient();
  return useWebhookMutation((id: number) => client.call('webhooks.rotate', { params: { id: String(id) } }));
}

export function useTestWebhook() {
  const client = useClient();
  return useWebhookMutation((id: number) => client.call('webhooks.test', { params: { id: String(id) } }));
}

export function useRetryDelivery() {
  const client = useClient();
  return useWebhookMutation((v: { id: number; delivery: number }) =>
    client.call('webhooks.retry', { params: { id: String(v.id), delivery_id: String(v.delivery) } }),
  );
}

/** Enables an endpoint again (after a 410 disabled it): the same URL and events. */
export function useEnableWebhook() {
  const client = useClient();
  return useWebhookMutation((w: { id: number; body: OpInput<'webhooks.update'>['body'] }) =>
    client.call('webhooks.update', { params: { id: String(w.id) }, body: w.body }),
  );
}
