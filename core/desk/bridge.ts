import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../http/server.js';
import type { BridgeRequest, BridgeResponse } from './bridge-types.js';

export type { BridgeRequest, BridgeResponse };

/**
 * The desktop shell's IPC carries HTTP-shaped requests into the same Fastify app (in-process, no socket), so the
 * desk UI gets exactly the API's auth, validation and errors. This module validates what crosses IPC: the
 * renderer is treated as untrusted input like any HTTP client.
 */
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const MAX_BODY_CHARS = 1024 * 1024;

export function parseBridgeRequest(raw: unknown): BridgeRequest {
  if (!raw || typeof raw !== 'object') throw new TypeError('request must be an object');
  const r = raw as Record<string, unknown>;
  if (typeof r.method !== 'string' || !METHODS.has(r.method)) throw new TypeError('request.method must be GET, POST, PUT or DELETE');
  if (typeof r.path !== 'string' || !/^\/[A-Za-z0-9/_.\-]*$/.test(r.path) || r.path.includes('..'))
    throw new TypeError('request.path must be an absolute API path');
  const query: Record<string, string> = {};
  if (r.query !== undefined) {
    if (!r.query || typeof r.query !== 'object' || Array.isArray(r.query)) throw new TypeError('request.query must be an object');
    for (const [k, v] of Object.entries(r.query)) {
      if (typeof v !== 'string') throw new TypeError(`request.query.${k} must be a string`);
      query[k] = v;
    }
  }
  if (r.body !== undefined && JSON.stringify(r.body).length > MAX_BODY_CHARS) throw new TypeError('request.body is too large');
  return { method: r.method as BridgeRequest['method'], path: r.path, query, ...(r.body !== undefined ? { body: r.body } : {}) };
}

export async function forward(app: FastifyInstance, token: string, req: BridgeRequest): Promise<BridgeResponse> {
  const res = await app.inject({
    method: req.method,
    url: API_PREFIX + req.path,
    query: req.query ?? {},
    headers: {
      authorization: `Bearer ${token}`,
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
  });
  let body: unknown = res.body;
  try {
    body = res.json();
  } catch {
    /* a non-JSON answer (a PDF) stays text */
  }
  return { status: res.statusCode, body };
}
