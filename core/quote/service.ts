import { readFileSync } from 'node:fs';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import { inTransaction, type Db } from '../store/db.js';
import { sizeOfParcel, type Parcel } from './parcel-size.js';
import { quote, type Destination } from './quote.js';
import { compileRateCard, type RateCard } from './ratecard.js';
import type { Size } from './ratecard-schema.js';
import { createRateCardStore } from './store.js';

export interface RateCardInfo {
  id: number;
  version: string;
  source: string;
  imported_at: string;
  card: RateCard;
}

/**
 * The active rate card and quotes from it. Another process (`station ratecard import` while `serve` runs) may
 * switch the card, so every quote asks the store which version is active and recompiles only when it changed.
 */
export function createQuoteService(db: Db, clock: Clock) {
  const store = createRateCardStore(db);
  let cached: RateCardInfo | null = null;

  function active(): RateCardInfo {
    const id = store.activeId();
    if (id === null) throw new DomainError('internal', 'no rate card is active');
    if (cached?.id !== id) {
      const row = store.byId(id)!;
      cached = {
        id,
        version: row.version,
        source: row.source,
        imported_at: new Date(row.imported_at).toISOString(),
        card: compileRateCard(JSON.parse(row.body)),
      };
    }
    return cached;
  }

  /** Validates the card whole before writing anything: a refused card leaves the active one in force. */
  function importCard(input: unknown, source: string): RateCardInfo {
    const card = compileRateCard(input);
    inTransaction(db, () =>
      store.activate(card.file.version, JSON.stringify(card.file), source, clock.now().getTime()),
    );
    return active();
  }

  return {
    active,
    import: importCard,

    /** Imports the card shipped in resources/ when the station has none yet (first start). */
    loadDefaultIfEmpty(file: string): void {
      if (!store.isEmpty()) return;
      const card = compileRateCard(JSON.parse(readFileSync(file, 'utf8')));
      inTransaction(db, () => {
        // Checked again inside the write lock: another process may have seeded meanwhile.
        if (store.isEmpty())
          store.activate(card.file.version, JSON.stringify(card.file), 'default', clock.now().getTime());
      });
    },

    /** Quotes a size, or the size the card gives the parcel (a parcel beyond the largest size is a 400). */
    quote(dest: Destination, what: Size | Parcel) {
      const { card } = active();
      return quote(card, dest, typeof what === 'string' ? what : sizeOfParcel(card, what), clock.now());
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
