export { DecisionDialog, type DecisionDraft } from './decision-dialog';
