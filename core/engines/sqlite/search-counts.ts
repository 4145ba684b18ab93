import type { SearchFilter } from '../../features/shipments/store.js';
import type { Db } from './db.js';
import { ftsQuery, PARTY_COLUMNS, type Party } from './search-sides.js';

const PARTY_NAMES = Object.keys(PARTY_COLUMNS) as Party[];
/** The columns of each party as bits, a bit per column of `PARTY_COLUMNS.ANY`. */
const PARTY_BITS = Object.fromEntries(
  PARTY_NAMES.map((p) => [p, PARTY_COLUMNS[p].reduce((bits, c) => bits | (1 << PARTY_COLUMNS.ANY.indexOf(c)), 0)]),
) as Record<Party, number>;

/**
 * Totals of broad searches kept as the index is written (migration 021). A search is kept by its key: its words as
 * the index folds them (each word of one token; a word of several, such as an e-mail, is a phrase and not kept),
 * distinct, sorted and joined by a space, since every word must match and in any order (`Santa Fe` → `fe santa`).
 * For each key kept, how many shipments of each account have all its words, per `party` (a word matches as the
 * prefix of a token on the party's sides; different words may be on different sides). A search by words and no
 * other filter reads its total here instead of counting every match, which is what a broad search cost the first
 * time it was asked (12–90 ms for a city at 1,000,000 shipments; 16–81 ms for one of several broad words, such as
 * `Mar del Plata`, whose matches no kept count of single words tells).
 *
 * Which searches are kept: every single word with at least `keptFrom` matches and every place (the city or state of
 * either side) of several words that at least about `keptFrom` shipments name, when the store was first opened with
 * this version (`countAhead`), and any search found to have that many when a search counts it (`keep`). A key's
 * count starts in the same write transaction that registers it, over what the index holds; the index writes after
 * it add their shipments, and a correction takes the old words out and puts the new ones in. Keys are never
 * dropped, so every writer knows them all: a writer reloads them when their number changed.
 *
 * The words of a shipment are those FTS5's own tokenizer makes of it, read back from a scratch FTS5 table of this
 * connection (`temp.search_tokens`): a second tokenizer in JavaScript would fold some letter differently one day,
 * and a kept total would drift from the index's.
 */
export function createSearchCounts(db: Db, spec: { words: string; span: number; keptFrom: number }) {
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_tokens USING fts5(
      ident, receiver, sender, content='', tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_tokens_v USING fts5vocab('temp', 'search_tokens', 'instance');
  `);
  const tokenizeRange = db.prepare<[number, number]>(
    `INSERT INTO temp.search_tokens (rowid, ident, receiver, sender) SELECT id, ${spec.words} FROM shipments WHERE id > ? AND id <= ?`,
  );
  const tokenizeText = db.prepare<[string]>('INSERT INTO temp.search_tokens (rowid, ident) VALUES (1, ?)');
  const tokens = db.prepare<[], { term: string; doc: number; col: string }>(
    'SELECT term, doc, col FROM temp.search_tokens_v',
  );
  const clearTokens = db.prepare("INSERT INTO temp.search_tokens (search_tokens) VALUES ('delete-all')");
  const accountsOf = db.prepare<[number, number], { id: number; account_id: number }>(
    'SELECT id, account_id FROM shipments WHERE id > ? AND id <= ?',
  );
  const keptNumber = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM search_words_kept');
  const keptKeys = db.prepare<[], { word: string }>('SELECT word FROM search_words_kept');
  const addKept = db.prepare<[string]>('INSERT OR IGNORE INTO search_words_kept (word) VALUES (?)');
  const add = db.prepare<[string, number, string, number]>(
    `INSERT INTO search_word_counts (word, account_id, party, n) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET n = n + excluded.n`,
  );
  const kept = db.prepare<[string, number, string], { n: number }>(
    'SELECT n FROM search_word_counts WHERE word = ? AND account_id = ? AND party = ?',
  );
  const isKept = db.prepare<[string], { word: string }>('SELECT word FROM search_words_kept WHERE word = ?');
  const countByAccount = db.prepare<[string], { account: number; n: number }>(
    `SELECT rowid / ${spec.span} AS account, count(*) AS n FROM shipment_search WHERE shipment_search MATCH ? GROUP BY 1`,
  );

  /**
   * The keys kept, as this connection last read them, each with its words; every word of any key (`parts`), which
   * is what a shipment's tokens are looked up in; and the keys of several words by their first word.
   */
  let keys = new Map<string, readonly string[]>();
  let parts = new Set<string>();
  let severalByFirst = new Map<string, Array<{ key: string; words: readonly string[] }>>();
  function learn(key: string): void {
    const words = key.split(' ');
    keys.set(key, words);
    for (const w of words) parts.add(w);
    if (words.length > 1) {
      const list = severalByFirst.get(words[0]!) ?? [];
      list.push({ key, words });
      severalByFirst.set(words[0]!, list);
    }
  }
  function refresh(): void {
    if (keptNumber.get()!.n === keys.size) return;
    keys = new Map();
    parts = new Set();
    severalByFirst = new Map();
    for (const { word } of keptKeys.all()) learn(word);
  }

  /** The tokens of what the scratch table holds, by document and column; then empties it. */
  function drain(): Array<{ term: string; doc: number; col: string }> {
    const all = tokens.all();
    clearTokens.run();
    return all;
  }

  /** The one token `word` (a word of a search) is to the index, or undefined when it is several, or none. */
  function token(word: string): string | undefined {
    tokenizeText.run(word);
    const all = drain();
    return all.length === 1 ? all[0]!.term : undefined;
  }

  /** The key of a search by these words, or undefined when one of them is not one token (see above). */
  function keyOf(words: readonly string[]): string | undefined {
    const found = new Set<string>();
    for (const w of words) {
      const t = token(w);
      if (t === undefined) return undefined;
      found.add(t);
    }
    return found.size ? [...found].sort().join(' ') : undefined;
  }

  /**
   * Adds (`sign` 1) or takes out (-1) the shipments with ids in (from, to] to the kept totals, as their words are
   * now. The caller holds the write transaction.
   */
  function count(from: number, to: number, sign: 1 | -1): void {
    refresh();
    if (!keys.size) return;
    tokenizeRange.run(from, to);
    // Per shipment, each word of a key it has and the columns it is in (bit per column of PARTY_COLUMNS.ANY).
    const perDoc = new Map<number, Map<string, number>>();
    for (const { term, doc, col } of drain()) {
      const bit = 1 << PARTY_COLUMNS.ANY.indexOf(col);
      let mine = perDoc.get(doc);
      if (!mine) perDoc.set(doc, (mine = new Map<string, number>()));
      // Every prefix of the token, by characters: a search word is matched as a prefix of a token.
      let prefix = '';
      for (const ch of term) {
        prefix += ch;
        if (parts.has(prefix)) mine.set(prefix, (mine.get(prefix) ?? 0) | bit);
      }
    }
    const deltas = new Map<string, { key: string; account: number; party: Party; n: number }>();
    const tally = (key: string, account: number, masks: readonly number[]) => {
      for (const party of PARTY_NAMES) {
        if (!masks.every((mask) => mask & PARTY_BITS[party])) continue;
        const at = `${account}\u0000${party}\u0000${key}`;
        const d = deltas.get(at);
        if (d) d.n += sign;
        else deltas.set(at, { key, account, party, n: sign });
      }
    };
    for (const { id, account_id: account } of accountsOf.iterate(from, to)) {
      const mine = perDoc.get(id);
      if (!mine) continue;
      for (const [word, mask] of mine) {
        if (keys.get(word)?.length === 1) tally(word, account, [mask]);
        for (const { key, words } of severalByFirst.get(word) ?? []) {
          const masks = words.map((w) => mine.get(w) ?? 0);
          if (masks.every((m) => m !== 0)) tally(key, account, masks);
        }
      }
    }
    for (const d of deltas.values()) add.run(d.key, d.account, d.party, d.n);
  }

  /**
   * Starts keeping `key` (see above): its count per account and party over what the index holds. The caller holds
   * the write transaction, so that no index write falls between.
   */
  function keep(key: string): void {
    refresh();
    if (keys.has(key)) return;
    for (const party of PARTY_NAMES)
      for (const { account, n } of countByAccount.all(ftsQuery(key.split(' '), party))) add.run(key, account, party, n);
    addKept.run(key);
    learn(key);
  }

  /**
   * The words with at least `keptFrom` matches in the index now, at most (their tokens' shipments added up, which
   * counts twice a shipment with two tokens of one prefix): FTS5's vocabulary lists the tokens in order, so each
   * prefix's tokens follow each other, and a stack of the current token's prefixes sums them in one pass.
   */
  function broadWords(): string[] {
    db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_vocabulary USING fts5vocab('main', 'shipment_search', 'row')",
    );
    const found: string[] = [];
    const stack: Array<{ prefix: string; n: number }> = [];
    for (const { term, doc } of db
      .prepare<[], { term: string; doc: number }>('SELECT term, doc FROM temp.search_vocabulary')
      .iterate()) {
      const chars = [...term];
      let same = 0;
      while (same < stack.length && same < chars.length && stack[same]!.prefix === chars.slice(0, same + 1).join(''))
        same++;
      for (const closed of stack.splice(same)) if (closed.n >= spec.keptFrom) found.push(closed.prefix);
      for (let i = same; i < chars.length; i++) stack.push({ prefix: chars.slice(0, i + 1).join(''), n: 0 });
      for (const open of stack) open.n += doc;
    }
    for (const closed of stack) if (closed.n >= spec.keptFrom) found.push(closed.prefix);
    return found;
  }

  /**
   * The keys of the places (the city or state of either side) of several words that at least about `keptFrom`
   * shipments name (a shipment naming one at both ends counts twice): what a lead types to see a city's parcels.
   */
  function broadPlaces(): string[] {
    const value = (side: string, field: string) => `SELECT ${side} ->> '$.address.${field}' AS v FROM shipments`;
    const places = db
      .prepare<[number], { v: string }>(
        `SELECT v FROM (${['destination', 'origin']
          .flatMap((side) => ['city', 'state'].map((field) => value(side, field)))
          .join(' UNION ALL ')}) WHERE v IS NOT NULL GROUP BY v HAVING count(*) >= ?`,
      )
      .all(spec.keptFrom);
    const found = new Set<string>();
    for (const { v } of places) {
      const key = keyOf(v.split(/\s+/).filter(Boolean));
      if (key?.includes(' ')) found.add(key);
    }
    return [...found];
  }

  return {
    /**
     * Once per store (the first start of this version, `counted_ahead`): keeps the searches that are broad already,
     * each in a write transaction of its own (a city's three counts at 1,000,000 shipments take ~0.1 s).
     */
    countAhead(log: (msg: string) => void): void {
      const done = db.prepare<[], { n: number }>('SELECT counted_ahead AS n FROM shipment_search_progress');
      if (done.get()!.n) return;
      const started = Date.now();
      const broad = [...broadWords(), ...broadPlaces()];
      if (broad.length)
        log(`counting the totals of ${broad.length} broad searches once; a large store takes a few minutes`);
      for (const key of broad) db.transaction(() => keep(key)).immediate();
      db.prepare('UPDATE shipment_search_progress SET counted_ahead = 1').run();
      if (broad.length) log(`search totals counted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    /** The shipments with ids in (from, to] were just added to the index. */
    indexed: (from: number, to: number) => count(from, to, 1),
    /** A shipment's words are about to be taken out of the index (and put in again: `indexed(id - 1, id)`). */
    unindexing: (id: number) => count(id - 1, id, -1),
    keep,
    /**
     * The key of a search by `words`, or undefined when it has none. Read through the scratch table, whatever
     * transaction is open: it is this connection's own.
     */
    keyOf,
    /** The kept total of a key for an account and party, or undefined when the key is not kept. */
    total(key: string, accountId: number, party: SearchFilter['party']): number | undefined {
      if (!isKept.get(key)) return undefined;
      return kept.get(key, accountId, party ?? 'ANY')?.n ?? 0;
    },
  };
}
