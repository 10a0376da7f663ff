import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../ui';

/** The frame of the sign-in pages: the page title (h1 and document title) and a card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
