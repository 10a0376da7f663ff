import { ComingSoonPage } from '../../../ui';

export function HistoryPage() {
  return <ComingSoonPage title="Historique" />;
}
