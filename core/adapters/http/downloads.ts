import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../shared/errors.js';
import type { Core } from '../../app/index.js';

/**
 * `GET /labels/files/<secret>.pdf`: the token-free download of a generated label or manifest. The secret is the
 * authorisation, so the answer is never cached by shared caches and never leaks the url as a referrer.
 */
export function registerLabelDownloads(api: FastifyInstance, core: Core): void {
  api.get<{ Params: { file: string } }>(
    '/labels/files/:file',
    {
      schema: {
        operationId: 'labelFiles.get',
        summary: 'Download a label or manifest PDF',
        description:
          'The `url` returned by `GET /labels` and the manifest operations. The unguessable file name is the authorisation ' +
          '(no token), valid 24 hours; the answer is never cached by shared caches and never sent as a referrer.',
        tags: ['Labels'],
        security: [],
        params: {
          type: 'object',
          properties: { file: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.pdf$', description: 'e.g. `Qm9x….pdf`' } },
          required: ['file'],
        },
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '4XX': {
            description: 'Unknown or expired file',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
    async (req, reply) => {
      const m = /^(.+)\.pdf$/.exec(req.params.file);
      if (!m) throw notFound('label file');
      const path = await core.openDownload(m[1]!);
      // Streamed from its file, not read whole: a 500-label document is megabytes, and several desks may fetch one.
      let size: number;
      try {
        size = (await stat(path)).size;
      } catch {
        throw notFound('label file');
      }
      return reply
        .header('content-length', size)
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-disposition', 'inline; filename="labels.pdf"')
        .send(createReadStream(path));
    },
  );
}
