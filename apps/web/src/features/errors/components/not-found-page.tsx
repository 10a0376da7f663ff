import Typography from '@mui/material/Typography';
import { RouterLink, usePageTitle } from '../../../ui';

export function NotFoundPage() {
  usePageTitle('Page introuvable');
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Page introuvable
      </Typography>
      <Typography sx={{ mb: 2 }}>La page demandée n&apos;existe pas ou a été déplacée.</Typography>
      <RouterLink to="/dossiers">Retour à la liste des demandes</RouterLink>
    </>
  );
}
