import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { frFR as gridFrFR } from '@mui/x-data-grid/locales';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { frFR as pickersFrFR } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/fr';
import { useMemo, type ReactNode } from 'react';

/**
 * The grid and date-picker French texts (STACK.md), added to the app theme here rather than
 * in app/theme.ts: the app theme is in the sign-in page's bundle, which must stay under 200 KB;
 * these texts only load with the list. Dates in French, weeks starting on Monday.
 */
export function ListLocaleProvider({ children }: { children: ReactNode }) {
  const outer = useTheme();
  const theme = useMemo(() => createTheme(outer, gridFrFR, pickersFrFR), [outer]);
  return (
    <ThemeProvider theme={theme}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr">
        {children}
      </LocalizationProvider>
    </ThemeProvider>
  );
}
