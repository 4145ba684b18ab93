/**
 * Totals of broad search words, kept (issue 20's search goal): a search of one word counted every match from the
 * table (the index tells the matches, each match's row was read to count it: 0.5–1.3 s for a city at 1,000,000),
 * as SQLite's migration 021 keeps them on its side.
 *
 * - `search_words_kept`: the words kept (a search word of one part, as `station_side_prefix_query` normalizes it).
 *   A word is kept once a search counted it with many matches (`station_keep_word`), from then on for good.
 * - `search_word_counts`: per word, account and party (`ANY`, `RECEIVER`, `SENDER`: the sides searched), how many
 *   of the *counted* shipments have it (a word of theirs starts with it, on those sides).
 * - `search_uncounted`: shipments not counted yet. A create adds its shipment here in its own transaction (a
 *   trigger: no row every station updates, so creates from several stations never wait on each other), and
 *   `station_count_uncounted`, which each serving station runs in the background, moves a batch into the counts.
 *   A word's total is its count plus its matches among the uncounted, read in one statement: one snapshot, in which
 *   each shipment is either counted or uncounted, whatever commits meanwhile.
 * - A change of a counted shipment's words (a correction to PICKUP: the office's address) takes its old words out
 *   of the counts and makes it uncounted again, in the correction's transaction.
 *
 * Moving shipments into the counts, keeping a new word and taking a changed shipment out hold advisory lock 31
 * (to their commit): each of them reads what the others write.
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

-- The one part of a search word, normalized as the prefixes' index has it; null when it has several or none.
CREATE FUNCTION station_search_word(w TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN cardinality(parts) = 1 AND parts[1] <> '' THEN parts[1] END
  FROM (SELECT regexp_split_to_array(trim(${NORMALIZED('w')}), ' ') AS parts) x
$$;

-- The kept words a shipment has, each with every party it is found by: a word of it, on a side, starts with them.
CREATE FUNCTION station_kept_words(ref TEXT, code TEXT, origin JSONB, destination JSONB)
  RETURNS TABLE (word TEXT, party TEXT) LANGUAGE sql STABLE AS $$
  WITH sides (side, t) AS (VALUES (1, ref || ' ' || code), (2, party_words(destination)), (4, party_words(origin))),
  tokens AS (
    SELECT side, w FROM sides, unnest(regexp_split_to_array(${NORMALIZED('t')}, ' ')) AS w WHERE w <> ''
  ),
  prefixes AS (
    SELECT left(w, n) AS word, bit_or(side) AS sides FROM tokens, generate_series(1, length(w)) AS n GROUP BY 1
  )
  SELECT p.word, x.party
  FROM prefixes p JOIN search_words_kept k ON k.word = p.word,
    (VALUES ('ANY', 7), ('RECEIVER', 3), ('SENDER', 5)) AS x (party, sides)
  WHERE p.sides & x.sides <> 0
$$;

-- Moves up to \`most\` uncounted shipments into the counts; returns how many it moved.
CREATE FUNCTION station_count_uncounted(most INT) RETURNS INT LANGUAGE plpgsql AS $$
DECLARE moved INT;
BEGIN
  PERFORM pg_advisory_xact_lock(31);
  WITH batch AS (
    DELETE FROM search_uncounted WHERE id IN (SELECT id FROM search_uncounted ORDER BY id LIMIT most) RETURNING id
  ), counted AS (
    INSERT INTO search_word_counts (word, account_id, party, n)
      SELECT k.word, s.account_id, k.party, count(*)
      FROM batch b JOIN shipments s ON s.id = b.id, station_kept_words(s.ref, s.code, s.origin, s.destination) k
      GROUP BY 1, 2, 3
    ON CONFLICT (word, account_id, party) DO UPDATE SET n = search_word_counts.n + excluded.n
  )
  SELECT count(*) INTO moved FROM batch;
  RETURN moved;
END $$;

-- Starts keeping \`w\` (a search word of one part, normalized): its counts over the counted shipments.
CREATE FUNCTION station_keep_word(w TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE a BIGINT;
BEGIN
  PERFORM pg_advisory_xact_lock(31);
  IF w IS NULL OR EXISTS (SELECT 1 FROM search_words_kept WHERE word = w) THEN RETURN; END IF;
  FOR a IN SELECT id FROM accounts LOOP
    INSERT INTO search_word_counts (word, account_id, party, n)
      SELECT w, a, x.party, x.n FROM (
        SELECT count(*) AS any_n,
          count(*) FILTER (WHERE s.words @@ station_phrase_query(ARRAY[w], 'AB')) AS receiver_n,
          count(*) FILTER (WHERE s.words @@ station_phrase_query(ARRAY[w], 'AC')) AS sender_n
        FROM shipments s
        WHERE shipment_side_prefixes(s.account_id, s.ref, s.code, s.origin, s.destination)
            @@ station_side_prefix_query(a, ARRAY[w], ARRAY['i', 'r', 's'])
          AND s.account_id = a
          AND NOT EXISTS (SELECT 1 FROM search_uncounted u WHERE u.id = s.id)
      ) c, LATERAL (VALUES ('ANY', c.any_n), ('RECEIVER', c.receiver_n), ('SENDER', c.sender_n)) AS x (party, n)
      WHERE x.n > 0;
  END LOOP;
  INSERT INTO search_words_kept (word) VALUES (w);
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
    UPDATE search_word_counts c SET n = c.n - 1
      FROM station_kept_words(OLD.ref, OLD.code, OLD.origin, OLD.destination) k
      WHERE c.word = k.word AND c.party = k.party AND c.account_id = OLD.account_id;
    INSERT INTO search_uncounted (id) VALUES (OLD.id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_words_changed AFTER UPDATE OF ref, code, origin, destination ON shipments
  FOR EACH ROW WHEN (OLD.words IS DISTINCT FROM NEW.words) EXECUTE FUNCTION station_shipment_words_changed();
`;
