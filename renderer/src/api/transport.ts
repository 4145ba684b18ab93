import type { StationBridge, StationRequest, StationResponse } from '../../../electron/preload/api';

declare global {
  interface Window {
    station?: StationBridge;
  }
}

/** How the UI reaches the service: IPC in the desktop app, HTTP with a token in a browser. */
export type Transport = (req: StationRequest) => Promise<StationResponse>;

export const desktopTransport = (): Transport | null => (window.station ? (req) => window.station!.request(req) : null);

/** The service that served this page is the one to talk to. */
export const API_BASE = new URL('v1', window.location.origin + '/').href;

export function httpTransport(token: string, base = API_BASE): Transport {
  return async (req) => {
    const url = new URL(base + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== '') url.searchParams.set(k, v);
    const res = await fetch(url, {
      method: req.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep text */
    }
    return { status: res.status, body };
  };
}

export interface Problem {
  status: number;
  code: string;
  detail: string;
  errors?: { path: string; message: string }[];
}

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/** What to tell the operator: the service's own explanation, or the error's text. */
export const errorMessage = (e: unknown): string => (e instanceof ApiError ? e.problem.detail : String(e));

/** Calls the API and returns the body, or throws the problem the service answered with. */
export async function call<T>(t: Transport, req: StationRequest): Promise<T> {
  const res = await t(req);
  if (res.status >= 400) {
    const p = res.body as Partial<Problem>;
    throw new ApiError({ status: res.status, code: p.code ?? 'error', detail: p.detail ?? `HTTP ${res.status}`, ...(p.errors ? { errors: p.errors } : {}) });
  }
  return res.body as T;
}
