import { getRouteApi } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../ui';
import { isChoixForm, WIZARD_HEADINGS } from '../model/wizard-headings';

const newRequestRoute = getRouteApi('/app/ajoutdossier/$choixForm');

export function NewRequestPage() {
  const { choixForm } = newRequestRoute.useParams();
  // The route lets only 1, 2 and 3 through; the check narrows the type.
  return <ComingSoonPage title={isChoixForm(choixForm) ? WIZARD_HEADINGS[choixForm] : 'Dépôt demande'} />;
}
