import { useEffect, type RefObject } from 'react';

// The editor's own chrome (@eigenpal/docx-editor-react 1.9) fails two RGAA/WCAG checks that axe
// reports with the editor open (ADR 0016 « Accessibility »): its menu bar holds plain buttons
// (a menubar owns menuitems: WCAG 4.1.2), and the font size button is named « Police » while it
// shows the size (label-in-name, WCAG 2.5.3). Until the library fixes them, the portal mends the
// rendered chrome: each pass only writes an attribute that differs, so it settles at once.

const FONT_SIZE_BUTTON = '[data-testid="font-size-display"]';

/** Mends the chrome under `root` once, returning nothing: what it changes is the DOM's. */
export function mendEditorChrome(root: HTMLElement): void {
  for (const button of root.querySelectorAll<HTMLElement>('[role="menubar"] button')) {
    if (button.getAttribute('role') !== 'menuitem') button.setAttribute('role', 'menuitem');
    if (button.getAttribute('aria-haspopup') !== 'menu') button.setAttribute('aria-haspopup', 'menu');
  }
  for (const button of root.querySelectorAll<HTMLElement>(FONT_SIZE_BUTTON)) {
    const label = `Taille de police : ${button.textContent?.trim() ?? ''}`;
    if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
  }
}

/** Keeps the chrome under `rootRef` mended while the editor renders it again. */
export function useMendedEditorChrome(rootRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    mendEditorChrome(root);
    const observer = new MutationObserver(() => mendEditorChrome(root));
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [rootRef]);
}
