/**
 * Search at a million shipments (issue 20's goal, p95 <= 20 ms): the GIN index of migration 001 answered a word as a
 * prefix by collecting every entry that starts with it (GIN does not skip through a prefix's matches), so that
 * `ORD-0001234`, whose `ord` starts every ref, read a million entries to find one shipment; and it could not tell
 * the account, so each match was fetched from the table to be filtered by it.
 *
 * Now, as SQLite's index does with its prefix indexes (migrations 005 and 013 there), a shipment is indexed by every
 * prefix of each of its words up to 10 characters (and by each longer word whole), each prefix marked with the
 * account (`7.cordo`): a search word of up to 10 characters is one exact entry, a longer one its first 10 and a
 * prefix match among the few long words beginning so; GIN's fast scan skips through the entries of several words;
 * and a total is counted from the index alone (no table read where the visibility map allows). The index is on
 * an expression, not a stored column: some 200 entries per shipment would double the table.
 */
const NORMALIZED = (t: string) =>
  `regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, coalesce(${t}, ''))), '[^[:alnum:]]+', ' ', 'g')`;

export default `
CREATE FUNCTION station_prefixes(account BIGINT, t TEXT) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(coalesce(array_agg(DISTINCT account || '.' || CASE WHEN n > 10 THEN w ELSE left(w, n) END), '{}'))
  FROM unnest(regexp_split_to_array(${NORMALIZED('t')}, ' ')) AS w, generate_series(1, least(length(w), 11)) AS n
  WHERE w <> ''
$$;
-- What a shipment is found by (the fields of migration 001's words), as the prefixes above.
CREATE FUNCTION shipment_prefixes(account BIGINT, ref TEXT, code TEXT, origin JSONB, destination JSONB)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT station_prefixes(account, ref || ' ' || code || ' ' || party_words(origin) || ' ' || party_words(destination))
$$;
-- A search's words for the index above: each word of up to 10 characters one entry; a longer one its first 10 and
-- a prefix match of the whole.
CREATE FUNCTION station_prefix_query(account BIGINT, t TEXT) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    '''' || account || '.' || left(w, 10) || '''' ||
      CASE WHEN length(w) > 10 THEN ' & ''' || account || '.' || w || ''':*' ELSE '' END,
    ' & '), '')::tsquery
  FROM unnest(regexp_split_to_array(${NORMALIZED('t')}, ' ')) AS w
  WHERE w <> ''
$$;
DROP INDEX shipments_words;
CREATE INDEX shipments_prefixes ON shipments USING gin (shipment_prefixes(account_id, ref, code, origin, destination));
`;
