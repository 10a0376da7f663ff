// The routed pages, each its own chunk: the router loads one when its route is visited (see
// features/coordination/pages.ts for why this module is apart from the index).
export const actNotificationPages = {
  notifiedAct: () => import('./components/notified-act-page'),
};
