import Typography from '@mui/material/Typography';
import { usePageTitle } from './use-page-title';

export const COMING_SOON_TEXT = 'Cette page sera disponible dans une prochaine version du portail.';

/** A page whose feature arrives in a later version: its title and a notice, nothing else. */
export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography>{COMING_SOON_TEXT}</Typography>
    </>
  );
}
