import type { PresetInputT, PresetT } from './schemas.js';

/** An account's package presets, by key. */
export interface PresetStore {
  list(accountId: number): Promise<PresetT[]>;
  byId(accountId: number, id: number): Promise<PresetT | undefined>;
  idOfKey(accountId: number, key: string): Promise<number | undefined>;
  insert(accountId: number, p: PresetInputT, now: number): Promise<number>;
  update(accountId: number, id: number, p: PresetInputT, now: number): Promise<void>;
  remove(accountId: number, id: number): Promise<void>;
}
