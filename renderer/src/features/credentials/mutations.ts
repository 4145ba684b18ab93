import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import { tokenQueries } from './queries';

export function useCreateToken() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpInput<'tokens.create'>['body']) => client.call('tokens.create', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tokenQueries.all() }),
  });
}

/** Revoking the desk's own token (or one it was made with) signs the desk out: the caller says what follows. */
export function useRevokeToken() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client.call('tokens.revoke', { params: { id: String(id) } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tokenQueries.all() }),
  });
}
