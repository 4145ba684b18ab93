import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { NavLink, Route, Routes, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StationClient } from '../api/client';
import { ClientProvider } from '../api/context';
import { LanguageSelect } from '../components/LanguageSelect';
import { Loading } from '../components/States';
import { AttentionBar } from '../features/printing/AttentionBar';
import { FeedbackProvider } from '../operator/feedback';
import { VIEWS, type ViewKey } from './routes';
import { captureScans, keepPendingScan, keepScanFocus, scanFieldOf, setScanFallback } from '../operator/scanner';
import { ShortcutSheet } from './ShortcutSheet';
import './desk.css';
import { canSignOut, forgetToken, keepToken, startingClient } from './session';
import { SignIn } from './SignIn';

/** Each screen's module: a chunk of its own, so that the page starts with the shell (this file, the client, English). */
const LOADERS = {
  pack: () => import('../features/pack/PackView').then((m) => m.PackView),
  batch: () => import('../features/batch/BatchView').then((m) => m.BatchView),
  shipments: () => import('../features/shipments/ShipmentsView').then((m) => m.ShipmentsView),
  endOfDay: () => import('../features/endofday/EndOfDayView').then((m) => m.EndOfDayView),
  import: () => import('../features/import/ImportView').then((m) => m.ImportView),
  printers: () => import('../features/printing/PrintersView').then((m) => m.PrintersView),
  credentials: () => import('../features/credentials/CredentialsView').then((m) => m.CredentialsView),
  settings: () => import('../features/settings/SettingsView').then((m) => m.SettingsView),
} satisfies Record<ViewKey, () => Promise<ComponentType>>;

const SCREENS = Object.fromEntries(
  Object.entries(LOADERS).map(([key, load]) => [key, lazy(() => load().then((Screen) => ({ default: Screen })))]),
) as Record<ViewKey, LazyExoticComponent<ComponentType>>;

// Once the desk has drawn, the other screens are fetched while it idles: a screen opened later does not wait.
requestIdleCallback(() => Object.values(LOADERS).forEach((load) => void load()));

/**
 * A screen with its own Suspense boundary: while its chunk loads, the previous screen is gone and the new one says it
 * is loading (a boundary around all the routes would keep the previous screen up, live, during the switch).
 */
function ScreenOf({ view }: { view: ViewKey }) {
  const Screen = SCREENS[view];
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
}

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
 * Escape with no dialog open is the way back to the scan: the screen's scan field, or (true) Pack's, from a screen
 * without one where nothing is being filled in (leaving would lose it). A form that takes Escape itself keeps it.
 */
function backToScan(e: KeyboardEvent): boolean {
  if (e.key !== 'Escape' || e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey) return false;
  if (document.querySelector('dialog[open]')) return false;
  const field = scanFieldOf(document);
  if (field) {
    field.focus();
    return false;
  }
  const target = e.target instanceof Element ? e.target : null;
  return !target?.closest('form, input, textarea, select, [contenteditable]');
}

/**
 * Keys that work on every screen: a scan typed anywhere reaches the screen's scan (Pack's, when the screen has
 * none), Alt+1… go to the views in the menu's order, Escape goes back to the scan field.
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
    const keepFocus = keepScanFocus();
    const views = (e: KeyboardEvent) => {
      if (backToScan(e)) {
        void navigate('/');
        return;
      }
      const n = Number(e.key);
      if (!e.altKey || e.ctrlKey || !Number.isInteger(n) || n < 1 || n > VIEWS.length) return;
      e.preventDefault();
      void navigate(VIEWS[n - 1]!.path);
    };
    window.addEventListener('keydown', views);
    return () => {
      stop();
      keepFocus();
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
              {VIEWS.map(({ path, key }) => (
                <Route key={key} path={path} element={<ScreenOf view={key} />} />
              ))}
              <Route path="*" element={<ScreenOf view="pack" />} />
            </Routes>
          </ClientProvider>
        ) : (
          <SignIn onSignedIn={(token) => setClient(() => keepToken(token))} />
        )}
      </div>
    </FeedbackProvider>
  );
}
