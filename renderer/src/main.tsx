import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import './i18n';
import { createQueryClient } from './api/query-client';
import { App } from './app/App';
import { takeLinkToken } from './app/session';
import './styles.css';

// Before the router: it takes the URL fragment for the view (HashRouter fits both `station serve` and file://).
takeLinkToken();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <HashRouter>
        <App />
      </HashRouter>
    </QueryClientProvider>
  </StrictMode>,
);
