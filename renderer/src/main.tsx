import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import { ready } from './i18n';
import { createQueryClient } from './api/query-client';
import { App } from './app/App';
import { takeLinkToken } from './app/session';
// One stylesheet for every screen, in this order (styles.css has the last word), loaded with the shell: a screen's
// chunk brings no CSS that would change the cascade when it arrives.
import './components/lists.css';
import './features/import/import.css';
import './styles.css';

// Before the router: it takes the URL fragment for the view (HashRouter fits both `station serve` and file://).
takeLinkToken();

// The remembered language's words first: the desk is drawn once, in that language.
await ready;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <HashRouter>
        <App />
      </HashRouter>
    </QueryClientProvider>
  </StrictMode>,
);
