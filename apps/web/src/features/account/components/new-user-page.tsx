import { ComingSoonPage } from '../../../ui';

export function NewUserPage() {
  return <ComingSoonPage title="Nouvel utilisateur" />;
}
