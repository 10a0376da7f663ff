import Alert from '@mui/material/Alert';
import {
  extensionRefusalNotice,
  toWorkflowRequest,
  type ConnectedUser,
  type RequestDetail,
} from '@voirie/domain';

/**
 * Why 'Prolonger' is missing from the works actions of a permission filed with its alignment
 * request (states 4 and 12): the workflow's own words. Nothing when the extension is offered,
 * or refused for a reason the page does not explain (role, state).
 */
export function ExtensionNotice({
  request,
  user,
}: {
  request: RequestDetail;
  user: ConnectedUser | null | undefined;
}) {
  const notice = user ? extensionRefusalNotice(user, toWorkflowRequest(request, request.reception)) : null;
  return notice ? <Alert severity="info">{notice}</Alert> : null;
}
