import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { frFR } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/fr';
import { useMemo, type ReactNode } from 'react';

/**
 * French date pickers (DD/MM/YYYY, weeks starting on Monday, French button texts) for the
 * pages that have some. Kept out of the app theme, which is in the sign-in page's bundle.
 * `otherTexts`: other components' French texts, added to the theme before the pickers' (the
 * list's grid).
 */
export function DatePickersProvider({ children, otherTexts }: { children: ReactNode; otherTexts?: object }) {
  const outer = useTheme();
  const theme = useMemo(() => createTheme(outer, otherTexts ?? {}, frFR), [outer, otherTexts]);
  return (
    <ThemeProvider theme={theme}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr">
        {children}
      </LocalizationProvider>
    </ThemeProvider>
  );
}
