import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';

export type QuoteParams = NonNullable<OpInput<'quote.get'>['query']>;

/** Query keys of the Pack screen's reads. */
export const packKeys = {
  all: ['pack'] as const,
  quote: (params: QuoteParams) => [...packKeys.all, 'quote', params] as const,
  preview: (code: string) => [...packKeys.all, 'preview', code] as const,
};

/** The methods for this destination and parcel (null: not enough known yet). The last answer stays while typing. */
export function useQuote(params: QuoteParams | null) {
  const client = useClient();
  return useQuery({
    queryKey: packKeys.quote(params ?? {}),
    queryFn: () => client.call('quote.get', { query: params! }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** The label as the thermal printer gets it. */
export function useLabelPreview(code: string | null) {
  const client = useClient();
  return useQuery({
    queryKey: packKeys.preview(code ?? ''),
    queryFn: () => client.call('labels.preview', { query: { code: code! } }),
    enabled: code !== null,
    staleTime: Infinity,
    retry: false,
  });
}
