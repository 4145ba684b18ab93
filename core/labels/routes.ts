import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.js';
import type { Core } from '../index.js';

/**
 * `GET /labels/files/<secret>.pdf`: the token-free download of a generated label or manifest. The secret is the
 * authorisation, so the answer is never cached by shared caches and never leaks the url as a referrer.
 */
export function registerLabelDownloads(api: FastifyInstance, core: Core): void {
  api.get<{ Params: { file: string } }>(
    '/labels/files/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const m = /^(.+)\.pdf$/.exec(req.params.file);
      if (!m) throw notFound('label file');
      const path = core.services.labels.openDownload(m[1]!);
      let bytes: Buffer;
      try {
        bytes = await readFile(path);
      } catch {
        throw notFound('label file');
      }
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-disposition', 'inline; filename="labels.pdf"')
        .send(bytes);
    },
  );
}
