// The routed pages, each its own chunk: the router loads one when its route is visited. In a
// module of their own, re-exported by the index: dynamic imports written in the index split the
// sign-in page's bundle into more chunks (measured: +1.6 KB gzip, apps/web/scripts/login-bundle-size.mjs).
export const errorsPages = {
  notFound: () => import('./components/not-found-page'),
  error: () => import('./components/error-page'),
  maintenance: () => import('./components/maintenance-page'),
};
