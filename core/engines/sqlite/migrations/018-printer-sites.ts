/**
 * Printers belong to a site (issue 20): the stations of that site (`station serve --site`) print its jobs. Every
 * printer so far belongs to the one site a station has when none is named.
 */
export default `
ALTER TABLE printers ADD COLUMN site TEXT NOT NULL DEFAULT 'main';
CREATE INDEX printers_site ON printers(site);
`;
