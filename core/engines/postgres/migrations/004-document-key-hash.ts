/**
 * A label document's key (its format, first tile and every piece's code) is indexed by its md5: the key of a
 * 500-label document is some 6 kB, past what a btree index entry may hold (2,704 bytes), and such a document
 * failed to be linked. The lookup compares the hash first (the index), then the key itself.
 */
export default `
DROP INDEX label_files_doc;
CREATE INDEX label_files_doc ON label_files(account_id, kind, md5(doc_key)) WHERE doc_key IS NOT NULL;
`;
