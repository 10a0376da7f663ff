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

// jsdom finds an element's `labels` by walking the whole document and, for each <label for>,
// walking it again to find its target: a third of a form page test's time went there (getByLabelText
// and every accessible name ask for it). The same answer, as the spec defines it, by id and ancestors.
const LABELABLE = 'button, input:not([type="hidden"]), meter, output, progress, select, textarea';
function labelsOf(this: HTMLElement): HTMLLabelElement[] | null {
  if (this instanceof HTMLInputElement && this.type === 'hidden') return null;
  const labels = new Set<HTMLLabelElement>();
  const root = this.getRootNode();
  if (this.id && root instanceof Document && root.getElementById(this.id) === this) {
    const id = this.id.replace(/["\\]/g, '\\$&');
    for (const label of root.querySelectorAll<HTMLLabelElement>(`label[for="${id}"]`)) labels.add(label);
  }
  for (let parent = this.parentElement; parent; parent = parent.parentElement) {
    if (
      parent instanceof HTMLLabelElement &&
      !parent.hasAttribute('for') &&
      parent.querySelector(LABELABLE) === this
    )
      labels.add(parent);
  }
  return [...labels].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}
for (const labelable of [
  HTMLButtonElement,
  HTMLInputElement,
  HTMLMeterElement,
  HTMLOutputElement,
  HTMLProgressElement,
  HTMLSelectElement,
  HTMLTextAreaElement,
]) {
  Object.defineProperty(labelable.prototype, 'labels', { configurable: true, get: labelsOf });
}

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
