import { createContext, useContext, type ReactNode } from 'react';
import type { StationClient } from './client';

const ClientContext = createContext<StationClient | null>(null);

/** Screens reach the service through this one client (IPC in the desktop app, HTTP in a browser). */
export function ClientProvider({ client, children }: { client: StationClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useClient(): StationClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient outside a signed-in desk');
  return client;
}
