/**
 * The packing desk, part 2 (issue 10).
 * - `shipments_labelled`: searches by the date a label was first made (`date_type=LABELLED`, the end-of-day list of
 *   what was labelled today) page from an index like those by creation and update; only labelled rows are in it.
 * - `print_jobs.start`: the first tile (1..8) of a job's first A4 sheet, to finish a partly used sheet.
 */
export default `
CREATE INDEX shipments_labelled ON shipments(account_id, labelled_at, id) WHERE labelled_at IS NOT NULL;
ALTER TABLE print_jobs ADD COLUMN start INTEGER NOT NULL DEFAULT 1 CHECK (start BETWEEN 1 AND 8);
`;
