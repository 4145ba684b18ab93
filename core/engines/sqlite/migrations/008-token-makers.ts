/**
 * Which token made which (`POST /tokens`), so that revoking or expiring a maker ends every token it made,
 * transitively. Tokens made before this migration, and every token made with the CLI, have no maker.
 */
export default `
ALTER TABLE tokens ADD COLUMN parent_id INTEGER REFERENCES tokens(id);
CREATE INDEX tokens_parent ON tokens(parent_id) WHERE parent_id IS NOT NULL;
`;
