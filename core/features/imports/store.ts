import type { ImportMappingInputT, ImportMappingT } from './schemas.js';

/** An account's saved import mappings, by name. */
export interface MappingStore {
  /** The account's mappings, by name. */
  list(accountId: number): Promise<ImportMappingT[]>;
  get(accountId: number, name: string): Promise<ImportMappingT | undefined>;
  /** Creates the mapping of that name, or replaces its definition. */
  save(accountId: number, name: string, m: ImportMappingInputT, now: number): Promise<void>;
  /** Whether there was one to remove. */
  remove(accountId: number, name: string): Promise<boolean>;
}
