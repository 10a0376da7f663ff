import { getRouteApi } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../ui';

const detailRoute = getRouteApi('/app/dossiers/$id');

export function RequestDetailPage() {
  const { id } = detailRoute.useParams();
  return <ComingSoonPage title={`Demande n°${id}`} />;
}
