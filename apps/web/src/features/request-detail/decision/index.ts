export { DecisionDialog } from './decision-dialog';
