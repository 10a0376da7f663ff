import { ComingSoonPage } from '../../../ui';

export function UsersPage() {
  return <ComingSoonPage title="Gestion des utilisateurs" />;
}
