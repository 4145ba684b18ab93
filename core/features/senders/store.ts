import type { AddressT, ContactT } from '../../platform/schemas/common.js';

export interface SenderRecord {
  id: number;
  account_id: number;
  label: string;
  is_default: boolean;
  contact: ContactT;
  address: AddressT;
}

export type SenderValues = Omit<SenderRecord, 'id' | 'account_id'>;

/** An account's senders; at most one is the default (the engine keeps that too). */
export interface SenderStore {
  /** The default first, then by label (case-insensitive). */
  list(accountId: number): Promise<SenderRecord[]>;
  byId(accountId: number, id: number): Promise<SenderRecord | undefined>;
  idOfLabel(accountId: number, label: string): Promise<number | undefined>;
  count(accountId: number): Promise<number>;
  insert(accountId: number, v: SenderValues, now: number): Promise<number>;
  update(accountId: number, id: number, v: SenderValues, now: number): Promise<void>;
  clearDefault(accountId: number, now: number): Promise<void>;
  setDefault(id: number, now: number): Promise<void>;
  remove(accountId: number, id: number): Promise<void>;
}
