import { ComingSoonPage } from '../../../ui';

export function AccountPage() {
  return <ComingSoonPage title="Mon compte" />;
}
