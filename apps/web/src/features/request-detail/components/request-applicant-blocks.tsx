import type { RequestDetail } from '@voirie/domain';
import { CompletenessNotice } from './completeness-notice';
import { RequestParties } from './request-parties';

/**
 * What the request's page tells of its applicant: in completeness, the
 * pieces asked for; then who asks and for whom.
 */
export function RequestApplicantBlocks({ request }: { request: RequestDetail }) {
  return (
    <>
      <CompletenessNotice request={request} />
      <RequestParties petitioner={request.petitioner} beneficiary={request.beneficiary} />
    </>
  );
}
