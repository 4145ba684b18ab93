import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Headers of the desk's own files served at `/`. The page carries its Content-Security-Policy in a meta tag (so
 * that the desktop app's page has it too), but a meta tag cannot say `frame-ancestors`: sent as a header, the same
 * policy plus `frame-ancestors 'none'` (and X-Frame-Options for older browsers) keeps another site from framing the
 * desk under a click-jacking overlay. The policy is read from the built page, so the two cannot drift apart.
 */
export function deskHeaders(rendererDir: string): Record<string, string> {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1];
  const policy = meta ?? "default-src 'self'; object-src 'none'; base-uri 'none'";
  return {
    'content-security-policy': `${policy}; frame-ancestors 'none'`,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}
