// The instructor's works phase on the request page (docs/api-works.md): the dialogs the actions
// bar opens, the letters block, the reception documents and the photos on the map.
export { AppointmentsProposalDialog } from './appointments-proposal-dialog';
export { generateDisturbanceMinutes } from './instructor-api';
export { LettersBlock } from './letters-block';
export { OutcomeDialog } from './outcome-dialog';
export { locatedPhotos, photoFeatures, photoPopup } from './photo-features';
export { ReceptionDocumentsList } from './photo-list';
export { RoadDisturbanceDialog } from './road-disturbance-dialog';
