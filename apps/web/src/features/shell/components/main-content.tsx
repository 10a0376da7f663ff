import type { ReactNode } from 'react';

export const MAIN_CONTENT_ID = 'contenu';

/** The page's <main> landmark, target of the skip link (focusable by script only; app/base.css). */
export function MainContent({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="main-content">
      {children}
    </main>
  );
}
