import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export const MAIN_CONTENT_ID = 'contenu';

/** The page's <main> landmark, target of the skip link (focusable by script only). */
export function MainContent({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      sx={{ flexGrow: 1, '&:focus': { outline: 'none' } }}
    >
      {children}
    </Box>
  );
}
