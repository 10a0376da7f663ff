// The works phase on the request page (docs/api-works.md): the applicant's dialogs, opened by
// the actions bar for the actions the server lists, and the page's works-phase blocks.
export { AppointmentChoiceDialog } from './appointment-choice-dialog';
export { opensAppointmentChoiceOnLoad } from './appointments';
export { CancelWorksDialog } from './cancel-works-dialog';
export { CommentsViewer } from './comments-viewer';
export { DeleteDocumentDialog } from './delete-document-dialog';
export { deletableDocumentIds } from './document-deletion';
export { ExtensionDialog } from './extension-dialog';
export { ManagersBlock } from './managers-block';
export { ReceptionRequestDialog } from './reception-request-dialog';
export { DELETE_DOCUMENT_TEXTS } from './works-texts';
