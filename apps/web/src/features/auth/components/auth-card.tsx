import type { ReactNode } from 'react';
import { usePageTitle } from '../../../ui/use-page-title';
import '../../../ui/plain/plain.css';

/**
 * The frame of the sign-in pages: the page title (h1 and document title) and a card. Without
 * MUI, so that the sign-in page loads none.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="plain-card">
      <h1 className="plain-card__title">{title}</h1>
      {children}
    </div>
  );
}
