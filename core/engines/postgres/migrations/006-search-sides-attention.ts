/**
 * Issue 17's search and print attention, as SQLite's migrations 016 and 017 have them:
 *
 * - Each side of a shipment is searched apart: ref and code (`i`), the receiver, the destination's contact and
 *   address (`r`), and the sender, the origin's (`s`). A desk searches the receiver's side unless asked (`party`),
 *   since the station's own address is the origin of nearly every shipment.
 *   - The prefixes' index of migration 005 marks each prefix with its side as well as the account (`7.r.cordo`):
 *     a search asks for the sides it searches, one entry of each per word part.
 *   - `words`, which says the matches exactly, weighs each side (A ident, B receiver, C sender), and a word of the
 *     search is a phrase of its parts (`LNRJ6-3`: `lnrj6 <-> 3:*`, the last part a prefix) on the weights of the
 *     sides searched: a ref's number is not any number of an address.
 * - The jobs waiting for the operator (held, unconfirmed, failed: `needsAttention` of core/printing/job-states.ts)
 *   in a partial index of their own, asked again at each change of the queue by every desk.
 *
 * The functions say the words as migration 005 does (a migration is never edited; a change is a new one).
 */
const NORMALIZED = (t: string) =>
  `regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, coalesce(${t}, ''))), '[^[:alnum:]]+', ' ', 'g')`;

export default `
CREATE FUNCTION station_marked_prefixes(mark TEXT, t TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT mark || '.' || CASE WHEN n > 10 THEN w ELSE left(w, n) END), '{}')
  FROM unnest(regexp_split_to_array(${NORMALIZED('t')}, ' ')) AS w, generate_series(1, least(length(w), 11)) AS n
  WHERE w <> ''
$$;
CREATE FUNCTION shipment_side_prefixes(account BIGINT, ref TEXT, code TEXT, origin JSONB, destination JSONB)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(
    station_marked_prefixes(account || '.i', ref || ' ' || code) ||
    station_marked_prefixes(account || '.r', party_words(destination)) ||
    station_marked_prefixes(account || '.s', party_words(origin)))
$$;
-- Each part of each word on any of the sides asked for: of up to 10 characters one entry, a longer one its first
-- 10 and a prefix match of the whole.
CREATE FUNCTION station_side_prefix_query(account BIGINT, words TEXT[], sides TEXT[])
  RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(part, ' & '), '')::tsquery FROM (
    SELECT '(' || string_agg(
      '''' || account || '.' || side || '.' || left(p, 10) || '''' ||
        CASE WHEN length(p) > 10 THEN ' & ''' || account || '.' || side || '.' || p || ''':*' ELSE '' END,
      ' | ') || ')' AS part
    FROM unnest(words) WITH ORDINALITY AS t(w, i),
      unnest(regexp_split_to_array(${NORMALIZED('w')}, ' ')) WITH ORDINALITY AS u(p, n),
      unnest(sides) AS side
    WHERE p <> ''
    GROUP BY i, n
  ) parts
$$;
CREATE FUNCTION shipment_side_words(ref TEXT, code TEXT, origin JSONB, destination JSONB)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(station_words(ref || ' ' || code), 'A') ||
    setweight(station_words(party_words(destination)), 'B') ||
    setweight(station_words(party_words(origin)), 'C')
$$;
-- Each word a phrase of its parts, side by side in order, the last one a prefix, on the weights given.
CREATE FUNCTION station_phrase_query(words TEXT[], weights TEXT) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(phrase, ' & '), '')::tsquery FROM (
    SELECT '(' || string_agg(
      '''' || p || '''' || CASE WHEN n = cardinality(parts) THEN ':*' ELSE ':' END || weights,
      ' <-> ' ORDER BY n) || ')' AS phrase
    FROM (SELECT i, regexp_split_to_array(trim(${NORMALIZED('w')}), ' ') AS parts
          FROM unnest(words) WITH ORDINALITY AS t(w, i)) AS x,
      unnest(x.parts) WITH ORDINALITY AS u(p, n)
    WHERE p <> ''
    GROUP BY i
  ) phrases
$$;
ALTER TABLE shipments DROP COLUMN words;
ALTER TABLE shipments ADD COLUMN words tsvector GENERATED ALWAYS AS (shipment_side_words(ref, code, origin, destination)) STORED;
DROP INDEX shipments_prefixes;
CREATE INDEX shipments_side_prefixes ON shipments USING gin (shipment_side_prefixes(account_id, ref, code, origin, destination));
CREATE INDEX print_jobs_attention ON print_jobs(account_id, id)
  WHERE (state IN ('unconfirmed', 'failed') OR (state IN ('queued', 'printing') AND last_error IS NOT NULL));
`;
