import { MAIN_CONTENT_ID } from './main-content';

/** First focusable element of every page (RGAA 12.7); visible when focused (app/base.css). */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      // Focus the <main> directly: letting the browser change the hash would make the router navigate.
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Aller au contenu
    </a>
  );
}
