import { useEffect, useState } from 'react';
import { NavLink, Route, Routes, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StationClient } from '../api/client';
import { ClientProvider } from '../api/context';
import { LanguageSelect } from '../components/LanguageSelect';
import { BatchView } from '../features/batch/BatchView';
import { CredentialsView } from '../features/credentials/CredentialsView';
import { EndOfDayView } from '../features/endofday/EndOfDayView';
import { ImportView } from '../features/import/ImportView';
import { PackView } from '../features/pack/PackView';
import { PrintersView } from '../features/printing/PrintersView';
import { SettingsView } from '../features/settings/SettingsView';
import { ShipmentsView } from '../features/shipments/ShipmentsView';
import { AttentionBar } from '../features/printing/AttentionBar';
import { FeedbackProvider } from './feedback';
import { VIEWS } from './routes';
import { captureScans, keepPendingScan, setScanFallback } from './scanner';
import { ShortcutSheet } from './ShortcutSheet';
import './desk.css';
import { canSignOut, forgetToken, keepToken, startingClient } from './session';
import { SignIn } from './SignIn';

function Nav() {
  const { t } = useTranslation();
  return (
    <nav className="views" aria-label={t('app.views')}>
      {VIEWS.map((v) => (
        <NavLink key={v.key} to={v.path} end>
          {/* The contract's names are English; the link's accessible name follows the desk's language. */}
          {t(`nav.${v.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * Keys that work on every screen: a scan typed anywhere reaches the screen's scan (Pack's, when the screen has
 * none), Alt+1… go to the views in the menu's order.
 */
function useDeskKeys(signedIn: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedIn) return;
    setScanFallback((value) => {
      keepPendingScan(value);
      void navigate('/');
    });
    const stop = captureScans();
    const views = (e: KeyboardEvent) => {
      const n = Number(e.key);
      if (!e.altKey || e.ctrlKey || !Number.isInteger(n) || n < 1 || n > VIEWS.length) return;
      e.preventDefault();
      void navigate(VIEWS[n - 1]!.path);
    };
    window.addEventListener('keydown', views);
    return () => {
      stop();
      setScanFallback(null);
      window.removeEventListener('keydown', views);
    };
  }, [signedIn, navigate]);
}

export function App() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [client, setClient] = useState<StationClient | null>(startingClient);
  useDeskKeys(client !== null);

  const signOut = () => {
    forgetToken();
    queryClient.clear();
    setClient(null);
  };

  return (
    <FeedbackProvider>
      <div className="app">
        <header className="topbar">
          <h1>{t('app.title')}</h1>
          {client && <Nav />}
          <div className="topbar-end">
            <LanguageSelect />
            {client && canSignOut() && (
              <button type="button" className="btn btn-plain" onClick={signOut}>
                {t('app.signOut')}
              </button>
            )}
          </div>
        </header>
        {client ? (
          <ClientProvider client={client}>
            <AttentionBar />
            <ShortcutSheet />
            <Routes>
              <Route index element={<PackView />} />
              <Route path="batch" element={<BatchView />} />
              <Route path="shipments" element={<ShipmentsView />} />
              <Route path="end-of-day" element={<EndOfDayView />} />
              <Route path="import" element={<ImportView />} />
              <Route path="printers" element={<PrintersView />} />
              <Route path="credentials" element={<CredentialsView />} />
              <Route path="settings" element={<SettingsView />} />
              <Route path="*" element={<PackView />} />
            </Routes>
          </ClientProvider>
        ) : (
          <SignIn onSignedIn={(token) => setClient(() => keepToken(token))} />
        )}
      </div>
    </FeedbackProvider>
  );
}
