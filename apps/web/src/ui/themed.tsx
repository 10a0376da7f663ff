import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * The portal's MUI theme for what it wraps. Given by the layouts of the pages that use MUI,
 * not by the app: the sign-in page shows before MUI loads; app/base.css is the
 * baseline MUI's CssBaseline would have set.
 */
export function Themed({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
