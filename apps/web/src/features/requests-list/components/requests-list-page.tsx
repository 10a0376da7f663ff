import { ComingSoonPage } from '../../../ui';

export function RequestsListPage() {
  return <ComingSoonPage title="Localisation des demandes" />;
}
