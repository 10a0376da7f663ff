import { ComingSoonPage } from '../../../ui';

export function UserPage() {
  return <ComingSoonPage title="Fiche utilisateur" />;
}
