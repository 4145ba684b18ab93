import { notFound } from '../../shared/errors.js';
import type { Core } from '../../app/index.js';
import { DESK_BASE_URL } from './bridge.js';

const FILE = /^\/labels\/files\/([^/]+)\.pdf$/;

/**
 * The file behind a `station://desk/v1/labels/files/<secret>.pdf` link of the desktop app (the same secret, expiry
 * and account rules as the HTTP download); anything else is not found.
 */
export async function deskDownloadPath(core: Core, url: string): Promise<string> {
  if (!url.startsWith(DESK_BASE_URL + '/')) throw notFound('label file');
  const m = FILE.exec(new URL(url).pathname.replace(/^\/v1/, ''));
  if (!m) throw notFound('label file');
  return core.openDownload(m[1]!);
}
