import { getRouteApi } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../ui';

const cerfaRoute = getRouteApi('/bare/cerfa/$type/$id');

export function CerfaPage() {
  const { type } = cerfaRoute.useParams();
  return <ComingSoonPage title={`Formulaire Cerfa n°${type}`} />;
}
