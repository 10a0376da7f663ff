// The routed pages, each its own chunk (as public-works/pages.ts: kept out of the index so the
// sign-in page's bundle is not split further).
export const publicActsPages = {
  list: () => import('./components/public-acts-page'),
  act: () => import('./components/public-act-page'),
};
