import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
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
// user-event moves between radio buttons with CSS.escape, which jsdom lacks.
window.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`);
// OpenLayers watches its element's size; jsdom has no ResizeObserver (and no layout: the map
// keeps a zero size and draws nothing, which is enough for page tests).
window.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

// The toasts' module loads with the first toast (ui/toast/lazy-toast-viewport.tsx): loaded
// before the tests, as a browser would have it cached, so a test's first toast comes as soon
// as its others and not after a module transform.
beforeAll(async () => {
  await import('../ui/toast/themed-toast-viewport');
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'voirie_session=; Max-Age=0; Path=/';
  window.history.replaceState(null, '', '/');
});
