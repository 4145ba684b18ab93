/**
 * The search index is written behind the shipments, in batches (core/shipments/search.ts): a create stores its row
 * and first event only, and the words of every shipment above `indexed_upto` are added in one statement a moment
 * later, or before any search by words, whichever comes first. Indexing a hundred shipments at once costs about
 * half as much per shipment as one at a time, and it leaves the create path. Shipments are never deleted and their
 * words never change, so the one number is the whole state: every shipment up to it is indexed, none above.
 *
 * Every shipment of an existing store is indexed already (migration 005 rebuilt them all, creates added theirs).
 */
export default `
CREATE TABLE shipment_search_progress (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  indexed_upto  INTEGER NOT NULL
) STRICT;
INSERT INTO shipment_search_progress (id, indexed_upto) SELECT 1, coalesce(max(id), 0) FROM shipments;
`;
