import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRouter } from '@tanstack/react-router';
import { MainContent } from '../features/shell';
import { usePageTitle } from '../ui';
import { Themed } from '../ui/themed';

/**
 * Shown when a page or its data failed to load; the toast has already said why. With the
 * theme: the page that failed may be the sign-in page, which has none.
 */
export function RouteError() {
  const router = useRouter();
  usePageTitle('Erreur');
  return (
    <Themed>
      <Typography variant="h4" component="h1" gutterBottom>
        Une erreur est survenue
      </Typography>
      <Typography sx={{ mb: 2 }}>La page n&apos;a pas pu être chargée.</Typography>
      <Button variant="contained" onClick={() => void router.invalidate()}>
        Réessayer
      </Button>
    </Themed>
  );
}

/** The same, when the layout itself failed: it brings its own <main>. */
export function LayoutError() {
  return (
    <MainContent>
      <Box sx={{ maxWidth: 600, mx: 'auto', px: 2, py: 6 }}>
        <RouteError />
      </Box>
    </MainContent>
  );
}
