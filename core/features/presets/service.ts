import type { Clock } from '../../platform/clock.js';
import { fieldError, notFound } from '../../shared/errors.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { PresetInputT, PresetT } from './schemas.js';
import type { PresetStore } from './store.js';

/** An account's package presets (saved box sizes), each chosen at the desk by its one-character key. */
export function createPresetService(db: UnitOfWork<{ presets: PresetStore }>, clock: Clock) {
  async function existing(store: PresetStore, accountId: number, id: number): Promise<PresetT> {
    const row = await store.byId(accountId, id);
    if (!row) throw notFound(`preset ${id}`);
    return row;
  }

  /** A key another preset of the account holds is a 400 naming it. */
  async function assertKeyFree(store: PresetStore, accountId: number, body: PresetInputT, self?: number) {
    const other = await store.idOfKey(accountId, body.key);
    if (other !== undefined && other !== self)
      throw fieldError('/key', 'taken', `${body.key} is already the key of preset ${other}`, { by: other });
  }

  return {
    list: (accountId: number): Promise<PresetT[]> => db.stores.presets.list(accountId),

    create: (accountId: number, body: PresetInputT): Promise<PresetT> =>
      db.transaction(async ({ presets }) => {
        await assertKeyFree(presets, accountId, body);
        return existing(presets, accountId, await presets.insert(accountId, body, clock.now().getTime()));
      }),

    update: (accountId: number, id: number, body: PresetInputT): Promise<PresetT> =>
      db.transaction(async ({ presets }) => {
        await existing(presets, accountId, id);
        await assertKeyFree(presets, accountId, body, id);
        await presets.update(accountId, id, body, clock.now().getTime());
        return existing(presets, accountId, id);
      }),

    delete: (accountId: number, id: number): Promise<{ deleted: true }> =>
      db.transaction(async ({ presets }) => {
        await existing(presets, accountId, id);
        await presets.remove(accountId, id);
        return { deleted: true };
      }),
  };
}

export type PresetService = ReturnType<typeof createPresetService>;
