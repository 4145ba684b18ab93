import schema from './001-schema.js';
import labelTokensImports from './002-label-tokens-imports.js';
import shipmentDraw from './003-shipment-draw.js';
import documentKeyHash from './004-document-key-hash.js';
import searchPrefixes from './005-search-prefixes.js';
import searchSidesAttention from './006-search-sides-attention.js';
import webhooks from './007-webhooks.js';
import deliveriesByEndpoint from './008-deliveries-by-endpoint.js';
import searchWordCounts from './009-search-word-counts.js';
import deliveredByTime from './010-delivered-by-time.js';
import idempotencyKeys from './011-idempotency-keys.js';
import shipmentCountsSpread from './012-shipment-counts-spread.js';

/** PostgreSQL's numbered migrations, its own sequence (not SQLite's): applied in order, never edited once released. */
export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

export const pgMigrations: PgMigration[] = [
  { version: 1, name: 'schema', sql: schema },
  { version: 2, name: 'label-tokens-imports', sql: labelTokensImports },
  { version: 3, name: 'shipment-draw', sql: shipmentDraw },
  { version: 4, name: 'document-key-hash', sql: documentKeyHash },
  { version: 5, name: 'search-prefixes', sql: searchPrefixes },
  { version: 6, name: 'search-sides-attention', sql: searchSidesAttention },
  { version: 7, name: 'webhooks', sql: webhooks },
  { version: 8, name: 'deliveries-by-endpoint', sql: deliveriesByEndpoint },
  { version: 9, name: 'search-word-counts', sql: searchWordCounts },
  { version: 10, name: 'delivered-by-time', sql: deliveredByTime },
  { version: 11, name: 'idempotency-keys', sql: idempotencyKeys },
  { version: 12, name: 'shipment-counts-spread', sql: shipmentCountsSpread },
];
