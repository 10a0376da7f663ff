import Typography from '@mui/material/Typography';
import { RouterLink, usePageTitle } from '../../../ui';

export function ErrorPage() {
  usePageTitle('Erreur');
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Une erreur est survenue
      </Typography>
      <Typography sx={{ mb: 2 }}>Veuillez réessayer dans quelques instants.</Typography>
      <RouterLink to="/dossiers">Retour à la liste des demandes</RouterLink>
    </>
  );
}
