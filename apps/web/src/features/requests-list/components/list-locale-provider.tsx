import { frFR as gridFrFR } from '@mui/x-data-grid/locales';
import type { ReactNode } from 'react';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';

/**
 * The grid and date-picker French texts (STACK.md), added to the app theme here rather than
 * in app/theme.ts: the app theme is in the sign-in page's bundle, which must stay under 200 KB;
 * these texts only load with the list. Dates in French, weeks starting on Monday.
 */
export function ListLocaleProvider({ children }: { children: ReactNode }) {
  return <DatePickersProvider otherTexts={gridFrFR}>{children}</DatePickersProvider>;
}
