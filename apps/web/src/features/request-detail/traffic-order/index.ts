export { TrafficOrderDialog } from './traffic-order-dialog';
