import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import { settingsQueries } from './queries';

function useSettingsMutation<I, O>(run: (input: I) => Promise<O>, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

type SenderBody = OpInput<'senders.update'>['body'];
type PresetBody = OpInput<'presets.update'>['body'];

export function useSaveSender() {
  const client = useClient();
  return useSettingsMutation(
    ({ id, body }: { id: number | null; body: SenderBody }) =>
      id === null
        ? client.call('senders.create', { body })
        : client.call('senders.update', { params: { id: String(id) }, body }),
    settingsQueries.senders(),
  );
}

export function useDeleteSender() {
  const client = useClient();
  return useSettingsMutation(
    (id: number) => client.call('senders.delete', { params: { id: String(id) } }),
    settingsQueries.senders(),
  );
}

export function useSavePreset() {
  const client = useClient();
  return useSettingsMutation(
    ({ id, body }: { id: number | null; body: PresetBody }) =>
      id === null
        ? client.call('presets.create', { body })
        : client.call('presets.update', { params: { id: String(id) }, body }),
    settingsQueries.presets(),
  );
}

export function useDeletePreset() {
  const client = useClient();
  return useSettingsMutation(
    (id: number) => client.call('presets.delete', { params: { id: String(id) } }),
    settingsQueries.presets(),
  );
}

export function useSaveStationSettings() {
  const client = useClient();
  return useSettingsMutation(
    (body: OpInput<'station.settings.update'>['body']) => client.call('station.settings.update', { body }),
    settingsQueries.station(),
  );
}

/** A new rate card changes every quote: the quotes the desk cached go too. */
export function useImportRatecard() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpInput<'ratecard.import'>['body']) => client.call('ratecard.import', { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useImportOffices() {
  const client = useClient();
  return useMutation({
    mutationFn: (body: OpInput<'offices.import'>['body']) => client.call('offices.import', { body }),
  });
}

/** Moves the desk to another account: the answer holds the desk's credential from now on. */
export function useChooseDeskAccount() {
  const client = useClient();
  return useMutation({
    mutationFn: (account: number) => client.call('station.desk.update', { body: { account } }),
  });
}
