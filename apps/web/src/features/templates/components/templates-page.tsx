import { ComingSoonPage } from '../../../ui';

export function TemplatesPage() {
  return <ComingSoonPage title="Gestion des modèles" />;
}
