export { OrderBlock } from './order-block';
export { RequestActions } from './request-actions';
export { SignatureStatus } from './signature-status';
export type { ActionTarget } from './use-request-action';
