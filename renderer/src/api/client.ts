import {
  ApiError,
  bridgeTransport,
  createClient,
  httpTransport,
  type DeskBridge,
  type OpInput,
  type ProblemBody,
  type StationClient,
} from '@shared/client/index';

declare global {
  interface Window {
    station?: DeskBridge;
  }
}

/** How the UI reaches the service: the typed client over IPC in the desktop app, over HTTP with a token in a browser. */
export type { OpInput, ProblemBody, StationClient };
export { ApiError };

export const desktopClient = (): StationClient | null =>
  window.station ? createClient(bridgeTransport(window.station)) : null;

/** The service that served this page is the one to talk to. */
export const API_BASE = new URL('v1', window.location.origin + '/').href;

export const httpClient = (token: string, baseUrl = API_BASE): StationClient =>
  createClient(httpTransport({ baseUrl, token }));

/** What to tell the operator: the service's own explanation, or the error's text. */
export const errorMessage = (e: unknown): string => (e instanceof ApiError ? e.problem.detail : String(e));
