import { ComingSoonPage } from '../../../ui';
import { UPDATE_HEADING } from '../model/wizard-headings';

export function UpdateRequestPage() {
  return <ComingSoonPage title={UPDATE_HEADING} />;
}
