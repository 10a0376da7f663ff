import { ComingSoonPage } from '../../../ui';

export function StatisticsPage() {
  return <ComingSoonPage title="Statistiques" />;
}
