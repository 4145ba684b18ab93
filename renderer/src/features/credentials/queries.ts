import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

/** The account's tokens and the desk's own, and their keys under `all`. */
export const tokenQueries = {
  all: () => rootKeys.tokens,
  lists: () => [...tokenQueries.all(), 'list'] as const,
  list: (client: StationClient) =>
    queryOptions({ queryKey: tokenQueries.lists(), queryFn: () => client.call('tokens.list') }),
  current: (client: StationClient) =>
    queryOptions({
      queryKey: [...tokenQueries.all(), 'current'] as const,
      queryFn: () => client.call('tokens.current'),
      retry: false,
    }),
};

export function useTokens() {
  return useQuery(tokenQueries.list(useClient()));
}

/** The token this desk signs in with. */
export function useCurrentToken() {
  return useQuery(tokenQueries.current(useClient()));
}
