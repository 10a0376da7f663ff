import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { wireHttpClient } from './app/wire-http';
import './app/base.css';

const queryClient = createAppQueryClient();
const router = createAppRouter(queryClient);
wireHttpClient(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable dans index.html');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
