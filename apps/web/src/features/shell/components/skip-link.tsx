import Link from '@mui/material/Link';
import { MAIN_CONTENT_ID } from './main-content';

/** First focusable element of every page (RGAA 12.7); visible when focused. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      // Focus the <main> directly: letting the browser change the hash would make the router navigate.
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -100,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        p: 1.5,
        bgcolor: 'background.paper',
        fontWeight: 600,
        '&:focus': { top: 8 },
      }}
    >
      Aller au contenu
    </Link>
  );
}
