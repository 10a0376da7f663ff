import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from '../ui';

// Page tests render the whole app: the first one in a file also loads the lazy route modules.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: MUI's media queries and the router's scroll restoration need stand-ins.
// Wide screen by default, so the sidebar is the persistent drawer.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'voirie_session=; Max-Age=0; Path=/';
  window.history.replaceState(null, '', '/');
});
