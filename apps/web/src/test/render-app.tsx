import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { App } from '../app/app';
import { createAppQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { wireHttpClient } from '../app/wire-http';

/**
 * The whole app at a URL, as main.tsx starts it (StrictMode included), with browser history
 * so window.location follows the router, as the HTTP client's 401 rule expects.
 */
export function renderApp(url: string) {
  window.history.replaceState(null, '', url);
  const queryClient = createAppQueryClient();
  const router = createAppRouter(queryClient, createBrowserHistory());
  wireHttpClient(router, queryClient);
  const user = userEvent.setup();
  render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  return { router, queryClient, user };
}
