import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpInput, StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

export type QuoteParams = NonNullable<OpInput<'quote.get'>['query']>;

/**
 * The Pack screen's reads and their keys: `all` → a quote by its parameters, a label's preview by its code and the
 * shipment's version (its `updated_at`: a corrected parcel is a new label).
 */
export const packQueries = {
  all: () => rootKeys.pack,
  quote: (client: StationClient, params: QuoteParams) =>
    queryOptions({
      queryKey: [...packQueries.all(), 'quote', params] as const,
      queryFn: () => client.call('quote.get', { query: params }),
      staleTime: 60_000,
      retry: false,
    }),
  preview: (client: StationClient, code: string, version: string) =>
    queryOptions({
      queryKey: [...packQueries.all(), 'preview', code, version] as const,
      queryFn: () => client.call('labels.preview', { query: { code } }),
      staleTime: Infinity,
      retry: false,
    }),
};

/** The methods for this destination and parcel (null: not enough known yet). The last answer stays while typing. */
export function useQuote(params: QuoteParams | null) {
  return useQuery({
    ...packQueries.quote(useClient(), params ?? {}),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** The label as the thermal printer gets it; `ask` false keeps what was fetched before (if any) without asking again. */
export function useLabelPreview(code: string, version: string, ask = true) {
  return useQuery({ ...packQueries.preview(useClient(), code, version), enabled: ask });
}
