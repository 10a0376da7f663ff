import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Outlet } from '@tanstack/react-router';
import { PRODUCT_NAME } from '@voirie/domain/account-texts';
import { AppFooter } from './app-footer';
import { MainContent } from './main-content';

/** The frame of the pages anyone may open: the product's banner, the page, the footer. */
function PublicFrame({ maxWidth }: { maxWidth: number }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 3, py: 2 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
          {PRODUCT_NAME}
        </Typography>
      </Box>
      <MainContent>
        <Box sx={{ maxWidth, mx: 'auto', px: 2, py: { xs: 3, sm: 6 } }}>
          <Outlet />
        </Box>
      </MainContent>
      <AppFooter />
    </Box>
  );
}

/** The sign-in, sign-up and link pages: no sidebar (spec 1 §2.1). */
export function PublicLayout() {
  return <PublicFrame maxWidth={600} />;
}

/** The public works pages (/travaux, issue 17): the same frame, wide enough for a map and a table. */
export function PublicWideLayout() {
  return <PublicFrame maxWidth={1400} />;
}
