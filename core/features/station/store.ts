/** Station-wide settings by name. */
export interface SettingsStore {
  get(key: string): Promise<string | undefined>;
  put(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}
