import { notFound } from '../errors.js';
import type { Core } from '../index.js';
import { DESK_BASE_URL } from './bridge.js';

const FILE = /^\/labels\/files\/([^/]+)\.pdf$/;

/**
 * The file behind a `station://desk/v1/labels/files/<secret>.pdf` link of the desktop app (the same secret, expiry
 * and account rules as the HTTP download); anything else is not found.
 */
export function deskDownloadPath(core: Core, url: string): string {
  if (!url.startsWith(DESK_BASE_URL + '/')) throw notFound('label file');
  const m = FILE.exec(new URL(url).pathname.replace(/^\/v1/, ''));
  if (!m) throw notFound('label file');
  return core.services.labels.openDownload(m[1]!);
}
