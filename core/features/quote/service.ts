import { readFileSync } from 'node:fs';
import type { Clock } from '../../platform/clock.js';
import { DomainError } from '../../shared/errors.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { sizeOfParcel, type Parcel } from './parcel-size.js';
import { quote, type Destination } from './quote.js';
import { compileRateCard, type RateCard } from './ratecard.js';
import type { Size } from './ratecard-schema.js';
import type { RateCardStore } from './store.js';

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
export function createQuoteService(db: UnitOfWork<{ rateCards: RateCardStore }>, clock: Clock) {
  const store = db.stores.rateCards;
  let cached: RateCardInfo | null = null;

  async function active(): Promise<RateCardInfo> {
    const id = await store.activeId();
    if (id === null) throw new DomainError('internal', 'no rate card is active');
    if (cached?.id !== id) {
      const row = (await store.byId(id))!;
      cached = {
        id,
        version: row.version,
        source: row.source,
        imported_at: new Date(row.imported_at).toISOString(),
        card: compileRateCard(row.card),
      };
    }
    return cached;
  }

  return {
    active,

    /** Validates the card whole before writing anything: a refused card leaves the active one in force. */
    async import(input: unknown, source: string): Promise<RateCardInfo> {
      const card = compileRateCard(input);
      await db.transaction((tx) => tx.rateCards.activate(card.file, source, clock.now().getTime()));
      return active();
    },

    /** Imports the card shipped in resources/ when the station has none yet (first start). */
    async loadDefaultIfEmpty(file: string): Promise<void> {
      if (!(await store.isEmpty())) return;
      const card = compileRateCard(JSON.parse(readFileSync(file, 'utf8')));
      await db.transaction(async (tx) => {
        // Checked again inside the transaction: another process may have seeded meanwhile.
        if (await tx.rateCards.isEmpty()) await tx.rateCards.activate(card.file, 'default', clock.now().getTime());
      });
    },

    /** Quotes a size, or the size the card gives the parcel (a parcel beyond the largest size is a 400). */
    async quote(dest: Destination, what: Size | Parcel) {
      const { card } = await active();
      return quote(card, dest, typeof what === 'string' ? what : sizeOfParcel(card, what), clock.now());
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
