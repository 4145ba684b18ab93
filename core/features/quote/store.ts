import type { RateCardFileT } from './ratecard-schema.js';

export interface RateCardRecord {
  id: number;
  version: string;
  /** The card as imported (already validated). */
  card: RateCardFileT;
  source: string;
  imported_at: number;
}

/** Versions of the rate card; one is active. */
export interface RateCardStore {
  activeId(): Promise<number | null>;
  byId(id: number): Promise<RateCardRecord | undefined>;
  isEmpty(): Promise<boolean>;
  /** Makes a new version the active one; the previous versions stay, inactive. */
  activate(card: RateCardFileT, source: string, at: number): Promise<number>;
}
