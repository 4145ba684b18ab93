import type { ScaleConfigT } from './schemas.js';

/** The station's scale setting, kept with the other station settings: a value of the schema's shape, or null. */
export interface ScaleStore {
  get(): Promise<ScaleConfigT | null>;
  set(config: ScaleConfigT | null): Promise<void>;
}
