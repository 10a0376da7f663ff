import { ComingSoonPage } from '../../../ui';

export function DocumentsPage() {
  return <ComingSoonPage title="Documents" />;
}
