import { useState } from 'react';
import { desktopClient, httpClient, type StationClient } from './api/client';
import { SignIn } from './pages/SignIn';
import { Shipments } from './pages/Shipments';
import { Pack } from './pages/Pack';
import { Credentials } from './pages/Credentials';

const TOKEN_KEY = 'station.token';

/** `station serve --desk-link` opens the page with `#token=…`; keep it for this tab and drop it from the address bar. */
function takeLinkToken(): void {
  const m = /^#token=(\S+)$/.exec(window.location.hash);
  if (!m) return;
  sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(m[1]!));
  history.replaceState(null, '', window.location.pathname + window.location.search);
}

/** In the desktop app the bridge is there from the start; a browser signs in with a personal access token. */
export function App() {
  const [client, setClient] = useState<StationClient | null>(() => {
    const desk = desktopClient();
    if (desk) return desk;
    takeLinkToken();
    const saved = sessionStorage.getItem(TOKEN_KEY);
    return saved ? httpClient(saved) : null;
  });

  const [view, setView] = useState<'pack' | 'shipments' | 'credentials'>('pack');

  const signOut = window.station
    ? null
    : () => {
        sessionStorage.removeItem(TOKEN_KEY);
        setClient(null);
      };

  return (
    <div className="app">
      <header className="topbar">
        <h1>Shipping Station</h1>
        {client && (
          <nav className="views" aria-label="Views">
            <button type="button" aria-current={view === 'pack'} onClick={() => setView('pack')}>
              Pack
            </button>
            <button type="button" aria-current={view === 'shipments'} onClick={() => setView('shipments')}>
              Shipments
            </button>
            <button type="button" aria-current={view === 'credentials'} onClick={() => setView('credentials')}>
              Credentials
            </button>
          </nav>
        )}
        {signOut && client && (
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        )}
      </header>
      {client ? (
        {
          pack: <Pack client={client} />,
          shipments: <Shipments client={client} />,
          credentials: <Credentials client={client} />,
        }[view]
      ) : (
        <SignIn
          onSignedIn={(token) => {
            sessionStorage.setItem(TOKEN_KEY, token);
            setClient(() => httpClient(token));
          }}
        />
      )}
    </div>
  );
}
