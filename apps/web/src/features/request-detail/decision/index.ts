export { DecisionDialog } from './decision-dialog';
export type { DecisionDialogProps } from './decision-dialog';
