/**
 * Totals of broad searches, kept (issue 20's search goal): a search counted every match from the table (the index
 * tells the matches, each match's row was read to count it: 0.5–1.3 s for a city at 1,000,000), as SQLite's
 * migration 021 keeps them on its side.
 *
 * - `search_words_kept`: the searches kept, each by its key (`station_search_key`): its words, each of one part as
 *   the prefixes' index folds it, distinct, sorted, joined by one space (`santa fe` → `fe santa`). A shipment counts
 *   for a key and party when each part is a prefix of a word of it on that party's sides (the parts may be on
 *   different sides, as the search matches them). A search with a word of several parts (a phrase, `jose.garcia`)
 *   has no key. A key is kept once a search counted it with many matches (`station_keep_key`), from then on for
 *   good, or counted ahead (below).
 * - `search_word_counts`: per key, account and party (`ANY`, `RECEIVER`, `SENDER`: the sides searched), how many
 *   of the *counted* shipments have it. The counts of a batch of shipments are one statement of joins
 *   (`station_kept_counts`): a lookup of each prefix of each shipment took a minute for 2,000 of them once 3,000
 *   keys were kept.
 * - `search_uncounted`: shipments not counted yet. A create adds its shipment here in its own transaction (a
 *   trigger: no row every station updates, so creates from several stations never wait on each other), and
 *   `station_count_uncounted`, which each serving station runs in the background, moves a batch into the counts.
 *   A key's total is its count plus its matches among the uncounted, read in one statement: one snapshot, in which
 *   each shipment is either counted or uncounted, whatever commits meanwhile.
 * - A change of a counted shipment's words (a correction to PICKUP: the office's address) takes its old words out
 *   of the counts and makes it uncounted again, in the correction's transaction.
 * - Counted ahead, once per database (`station_count_ahead`, by the first serving station; `search_progress`):
 *   every prefix of a word and every multi-part value of a place field (city, state, of either side) that
 *   `kept_from` shipments or more have, as a sample of them tells. Their counts start over: every shipment is made
 *   uncounted, and the serving stations move them into the counts in the background as they do new ones.
 *
 * Moving shipments into the counts, keeping a new key, counting ahead and taking a changed shipment out hold
 * advisory lock 31 (to their commit): each of them reads what the others write; several stations starting at once
 * count ahead once.
 *
 * Number 9: 7 and 8 are the webhooks' outbox and its index by endpoint.
 */
const NORMALIZED = (t: string) =>
  `regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, coalesce(${t}, ''))), '[^[:alnum:]]+', ' ', 'g')`;

export default `
CREATE TABLE search_words_kept (
  word  TEXT PRIMARY KEY
);
CREATE TABLE search_word_counts (
  word        TEXT NOT NULL,
  account_id  BIGINT NOT NULL,
  party       TEXT NOT NULL CHECK (party IN ('ANY', 'RECEIVER', 'SENDER')),
  n           BIGINT NOT NULL,
  PRIMARY KEY (word, account_id, party)
);
CREATE TABLE search_uncounted (
  id  BIGINT PRIMARY KEY
);
CREATE TABLE search_progress (
  counted_ahead  BOOLEAN NOT NULL
);
INSERT INTO search_progress (counted_ahead) VALUES (false);

-- The kept key of a search's words: each of one part, folded, distinct, sorted; null when a word has several or none.
CREATE FUNCTION station_search_key(words TEXT[]) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN count(*) > 0 AND bool_and(cardinality(parts) = 1 AND parts[1] <> '')
    THEN string_agg(DISTINCT parts[1] COLLATE "C", ' ' ORDER BY parts[1] COLLATE "C") END
  FROM (SELECT regexp_split_to_array(trim(${NORMALIZED('w')}), ' ') AS parts FROM unnest(words) AS w) x
$$;

-- The kept keys the shipments \`rs\` have, with how many of them per account and party: a key is had when each of its
-- parts is a prefix of a word of the shipment on a side of the party. One statement for a batch (joins, not a
-- lookup per prefix of each shipment: 009's function took a minute for 2,000 shipments with 3,000 keys).
CREATE FUNCTION station_kept_counts(rs shipments[])
  RETURNS TABLE (word TEXT, account_id BIGINT, party TEXT, n BIGINT) LANGUAGE sql STABLE AS $$
  WITH tokens AS (
    SELECT s.id, s.account_id, x.side, w
    FROM unnest(rs) AS s,
      LATERAL (VALUES (1, s.ref || ' ' || s.code), (2, party_words(s.destination)), (4, party_words(s.origin))) AS x (side, t),
      unnest(regexp_split_to_array(${NORMALIZED('x.t')}, ' ')) AS w
    WHERE w <> ''
  ), prefixes AS (
    SELECT id, account_id, left(w, n) COLLATE "C" AS word, bit_or(side) AS sides
    FROM tokens, generate_series(1, length(w)) AS n GROUP BY 1, 2, 3
  ), parties (party, sides) AS (
    VALUES ('ANY', 7), ('RECEIVER', 3), ('SENDER', 5)
  ), parts AS (
    SELECT k.word AS key, part, cardinality(string_to_array(k.word, ' ')) AS size
    FROM search_words_kept k, unnest(string_to_array(k.word, ' ')) AS part
    WHERE k.word LIKE '% %'
  )
  SELECT p.word, p.account_id, x.party, count(*)
  FROM prefixes p JOIN search_words_kept k ON k.word = p.word JOIN parties x ON p.sides & x.sides <> 0
  GROUP BY 1, 2, 3
  UNION ALL
  SELECT key, account_id, party, count(*) FROM (
    SELECT p.id, p.account_id, k.key, x.party
    FROM prefixes p JOIN parts k ON k.part = p.word JOIN parties x ON p.sides & x.sides <> 0
    GROUP BY 1, 2, 3, 4, k.size HAVING count(*) = k.size
  ) found
  GROUP BY 1, 2, 3
$$;

-- With the memory to group a batch's prefixes at once (some 200,000 rows for 2,000 shipments).
CREATE FUNCTION station_count_uncounted(most INT) RETURNS INT LANGUAGE plpgsql SET work_mem = '64MB' AS $$
DECLARE moved INT;
BEGIN
  PERFORM pg_advisory_xact_lock(31);
  WITH batch AS (
    DELETE FROM search_uncounted WHERE id IN (SELECT id FROM search_uncounted ORDER BY id LIMIT most) RETURNING id
  ), counted AS (
    INSERT INTO search_word_counts (word, account_id, party, n)
      SELECT * FROM station_kept_counts(ARRAY(SELECT s FROM batch b JOIN shipments s ON s.id = b.id))
    ON CONFLICT (word, account_id, party) DO UPDATE SET n = search_word_counts.n + excluded.n
  )
  SELECT count(*) INTO moved FROM batch;
  RETURN moved;
END $$;

-- Starts keeping \`key\` (station_search_key's): its counts over the counted shipments.
CREATE FUNCTION station_keep_key(key TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  a BIGINT;
  parts TEXT[] := string_to_array(key, ' ');
BEGIN
  PERFORM pg_advisory_xact_lock(31);
  IF key IS NULL OR EXISTS (SELECT 1 FROM search_words_kept WHERE word = key) THEN RETURN; END IF;
  FOR a IN SELECT id FROM accounts LOOP
    INSERT INTO search_word_counts (word, account_id, party, n)
      SELECT key, a, x.party, x.n FROM (
        SELECT count(*) AS any_n,
          count(*) FILTER (WHERE s.words @@ station_phrase_query(parts, 'AB')) AS receiver_n,
          count(*) FILTER (WHERE s.words @@ station_phrase_query(parts, 'AC')) AS sender_n
        FROM shipments s
        WHERE shipment_side_prefixes(s.account_id, s.ref, s.code, s.origin, s.destination)
            @@ station_side_prefix_query(a, parts, ARRAY['i', 'r', 's'])
          AND s.account_id = a
          AND NOT EXISTS (SELECT 1 FROM search_uncounted u WHERE u.id = s.id)
      ) c, LATERAL (VALUES ('ANY', c.any_n), ('RECEIVER', c.receiver_n), ('SENDER', c.sender_n)) AS x (party, n)
      WHERE x.n > 0;
  END LOOP;
  INSERT INTO search_words_kept (word) VALUES (key);
END $$;

-- Once per database: keeps the broad keys and makes every shipment uncounted; returns the keys it kept, or null
-- when the database was counted ahead already. Which keys are broad is told from a sample of some 50,000
-- shipments (all of a smaller store): every prefix of their words (the lexemes of \`words\`) and the values of
-- their place fields, a key kept from half \`kept_from\` matches, scaled (a word at \`kept_from\` is then missed with
-- a chance far below one in a million; one missed is kept at its first broad search, as any other). PostgreSQL's
-- own statistics of a whole table's lexemes (\`ts_stat\`) took 9 minutes at 1,000,000.
CREATE FUNCTION station_count_ahead(kept_from INT) RETURNS INT LANGUAGE plpgsql AS $$
DECLARE
  kept INT;
  shipped BIGINT := (SELECT coalesce(sum(n), 0) FROM shipment_counts);
  percent FLOAT8 := least(100, 100 * 50000.0 / greatest(shipped, 1));
  least_n FLOAT8 := CASE WHEN percent < 100 THEN kept_from * percent / 200 ELSE kept_from END;
BEGIN
  PERFORM pg_advisory_xact_lock(31);
  IF (SELECT counted_ahead FROM search_progress) THEN RETURN NULL; END IF;
  WITH sample AS (
    SELECT words, origin, destination FROM shipments TABLESAMPLE BERNOULLI (percent)
  ), places AS (
    SELECT v FROM sample s, LATERAL (VALUES (s.destination->'address'->>'city'), (s.destination->'address'->>'state'),
      (s.origin->'address'->>'city'), (s.origin->'address'->>'state')) AS p (v)
  ), keys AS (
    SELECT key FROM sample s,
      LATERAL (SELECT DISTINCT left(w, n) AS key FROM unnest(tsvector_to_array(s.words)) AS w,
        generate_series(1, length(w)) AS n) AS p
    GROUP BY key HAVING count(*) >= least_n
    UNION
    SELECT key FROM (SELECT v, count(*) AS n FROM places GROUP BY v) AS g,
      station_search_key(regexp_split_to_array(trim(${NORMALIZED('g.v')}), ' ')) AS key
    GROUP BY key HAVING sum(n) >= least_n
  ), added AS (
    INSERT INTO search_words_kept (word) SELECT key FROM keys WHERE key IS NOT NULL ON CONFLICT DO NOTHING RETURNING 1
  )
  SELECT count(*) INTO kept FROM added;
  DELETE FROM search_word_counts;
  INSERT INTO search_uncounted (id) SELECT id FROM shipments ON CONFLICT DO NOTHING;
  UPDATE search_progress SET counted_ahead = true;
  RETURN kept;
END $$;

CREATE FUNCTION station_shipment_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_uncounted (id) VALUES (NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER search_uncounted_insert AFTER INSERT ON shipments FOR EACH ROW EXECUTE FUNCTION station_shipment_added();

CREATE FUNCTION station_shipment_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(31);
  IF NOT EXISTS (SELECT 1 FROM search_uncounted WHERE id = OLD.id) THEN
    UPDATE search_word_counts c SET n = c.n - k.n
      FROM station_kept_counts(ARRAY[OLD]) k
      WHERE c.word = k.word AND c.party = k.party AND c.account_id = k.account_id;
    INSERT INTO search_uncounted (id) VALUES (OLD.id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_words_changed AFTER UPDATE OF ref, code, origin, destination ON shipments
  FOR EACH ROW WHEN (OLD.words IS DISTINCT FROM NEW.words) EXECUTE FUNCTION station_shipment_words_changed();
`;
