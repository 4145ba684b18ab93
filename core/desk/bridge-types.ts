/**
 * The shape of a request crossing the desktop IPC bridge. Dependency-free, so that the preload's declaration (and
 * through it the renderer) can share it without seeing anything else of the core.
 */
export interface BridgeRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under `{base_url}`, e.g. `/shipments/ABC/cancel`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export interface BridgeResponse {
  status: number;
  body: unknown;
}
