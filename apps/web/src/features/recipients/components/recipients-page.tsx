import { ComingSoonPage } from '../../../ui';

export function RecipientsPage() {
  return <ComingSoonPage title="Gestion des destinataires" />;
}
