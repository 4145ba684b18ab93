/**
 * A `file` printer configured through the API is held to the folder its connection resolved to then (symlinks
 * followed, inside the allowed roots): `folder_real`. Each delivery resolves the connection again and refuses a
 * folder that now resolves elsewhere (a directory swapped for a symlink after the check). NULL: not held (a
 * printer of another driver, one the station's owner configured with the CLI, or one configured before this).
 */
export default `
ALTER TABLE printers ADD COLUMN folder_real TEXT;
`;
