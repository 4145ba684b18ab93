import foundation from './001-foundation.js';
import officesRateCard from './002-offices-ratecard.js';
import labels from './003-labels.js';
import printing from './004-printing.js';
import searchByAccount from './005-search-by-account.js';
import officePostalKeys from './006-office-postal-keys.js';
import printingExactlyOnce from './007-printing-exactly-once.js';
import tokenMakers from './008-token-makers.js';
import sendersPresets from './009-senders-presets.js';
import deskPartTwo from './010-desk-part-two.js';
import searchCatchUp from './011-search-catch-up.js';
import filePrinterFolder from './012-file-printer-folder.js';
import searchMergeLess from './013-search-merge-less.js';
import labelTokens from './014-label-tokens.js';
import importsChanges from './015-imports-changes.js';
import searchSides from './016-search-sides.js';
import printAttention from './017-print-attention.js';
import printerSites from './018-printer-sites.js';
import webhooks from './019-webhooks.js';
import deliveriesByEndpoint from './020-deliveries-by-endpoint.js';
import searchWordCounts from './021-search-word-counts.js';
import deliveredByTime from './022-delivered-by-time.js';
import idempotencyKeys from './023-idempotency-keys.js';

/**
 * Numbered migrations, applied in order at start and never edited once released: a change is a new entry.
 * Each feature reserves its number so that parallel work does not collide.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  { version: 1, name: 'foundation', sql: foundation },
  { version: 2, name: 'offices-ratecard', sql: officesRateCard },
  { version: 3, name: 'labels', sql: labels },
  { version: 4, name: 'printing', sql: printing },
  { version: 5, name: 'search-by-account', sql: searchByAccount },
  { version: 6, name: 'office-postal-keys', sql: officePostalKeys },
  { version: 7, name: 'printing-exactly-once', sql: printingExactlyOnce },
  { version: 8, name: 'token-makers', sql: tokenMakers },
  { version: 9, name: 'senders-presets', sql: sendersPresets },
  { version: 10, name: 'desk-part-two', sql: deskPartTwo },
  { version: 11, name: 'search-catch-up', sql: searchCatchUp },
  { version: 12, name: 'file-printer-folder', sql: filePrinterFolder },
  { version: 13, name: 'search-merge-less', sql: searchMergeLess },
  { version: 14, name: 'label-tokens', sql: labelTokens },
  { version: 15, name: 'imports-changes', sql: importsChanges },
  { version: 16, name: 'search-sides', sql: searchSides },
  { version: 17, name: 'print-attention', sql: printAttention },
  { version: 18, name: 'printer-sites', sql: printerSites },
  { version: 19, name: 'webhooks', sql: webhooks },
  { version: 20, name: 'deliveries-by-endpoint', sql: deliveriesByEndpoint },
  { version: 21, name: 'search-word-counts', sql: searchWordCounts },
  { version: 22, name: 'delivered-by-time', sql: deliveredByTime },
  { version: 23, name: 'idempotency-keys', sql: idempotencyKeys },
];
