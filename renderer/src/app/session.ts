import { desktopClient, httpClient, type StationClient } from '../api/client';
import { dropToken, savedToken, saveToken } from '../api/session-token';

/**
 * `station serve --desk-link` opens the page with `#token=…`; keep it for this tab and drop it from the address
 * bar. Runs before the router, which owns the fragment afterwards.
 */
export function takeLinkToken(): void {
  const m = /^#token=(\S+)$/.exec(window.location.hash);
  if (!m) return;
  saveToken(decodeURIComponent(m[1]!));
  history.replaceState(null, '', window.location.pathname + window.location.search);
}

/** In the desktop app the bridge is there from the start; a browser uses the token it signed in with. */
export function startingClient(): StationClient | null {
  const desk = desktopClient();
  if (desk) return desk;
  const saved = savedToken();
  return saved ? httpClient(saved) : null;
}

export const canSignOut = (): boolean => !window.station;

export function keepToken(token: string): StationClient {
  saveToken(token);
  return httpClient(token);
}

export function forgetToken(): void {
  dropToken();
}
