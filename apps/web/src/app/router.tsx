import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { validateLoginSearch } from '../features/auth';
import { isCerfaType } from '../features/cerfa';
import { isChoixForm } from '../features/filing-wizard';
import { isGroupType } from '../features/groups';
import { PublicLayout, PublicWideLayout } from '../features/shell';
import { requireSession } from './require-session';
import { RedirectToNotFound, RootLayout } from './root-layout';
import { LayoutError, RouteError } from './lazy-route-error';

// Pages are imported by file, not through their feature's index: each becomes its own
// chunk, loaded when its route is visited, which keeps the sign-in page light.
// Redirects use `throw: true`: the router throws them itself (they are not Error objects).

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => redirect({ to: '/dossiers', replace: true, throw: true }),
});

// Public pages, without the sidebar.
const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });

// The sign-in page loads no MUI (issue 19); the other public pages get the theme from this
// pathless route, loaded with them.
const themedPublicLayout = createRoute({
  getParentRoute: () => publicLayout,
  id: 'themed',
  component: lazyRouteComponent(() => import('./themed-outlet'), 'ThemedOutlet'),
});

const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'login',
  validateSearch: validateLoginSearch,
  component: lazyRouteComponent(() => import('../features/auth/components/login-page'), 'LoginPage'),
});
const registerRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'register',
  component: lazyRouteComponent(() => import('../features/auth/components/register-page'), 'RegisterPage'),
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'forgot-pass',
  component: lazyRouteComponent(
    () => import('../features/auth/components/forgot-password-page'),
    'ForgotPasswordPage',
  ),
});
const passwordRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'password/$token',
  component: lazyRouteComponent(() => import('../features/auth/components/password-page'), 'PasswordPage'),
});
const validateEmailRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'validate-email/$token',
  component: lazyRouteComponent(
    () => import('../features/auth/components/validate-email-page'),
    'ValidateEmailPage',
  ),
});

// The link mailed to a new address (issue 15): public, the token is the proof.
const confirmEmailRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'confirm-email/$token',
  component: lazyRouteComponent(
    () => import('../features/account/components/confirm-email-page'),
    'ConfirmEmailPage',
  ),
});

// The public works map and its open data (issue 17): no session, a frame wide enough for a map.
const publicWideLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public-wide',
  component: PublicWideLayout,
});
const themedPublicWideLayout = createRoute({
  getParentRoute: () => publicWideLayout,
  id: 'themed',
  component: lazyRouteComponent(() => import('./themed-outlet'), 'ThemedOutlet'),
});
const publicWorksRoute = createRoute({
  getParentRoute: () => themedPublicWideLayout,
  path: 'travaux',
  component: lazyRouteComponent(
    () => import('../features/public-works/components/public-works-page'),
    'PublicWorksPage',
  ),
});
const openDataRoute = createRoute({
  getParentRoute: () => themedPublicWideLayout,
  path: 'travaux/donnees',
  component: lazyRouteComponent(
    () => import('../features/public-works/components/open-data-page'),
    'OpenDataPage',
  ),
});

// Signed-in pages with the sidebar.
const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ context, location }) => requireSession(context.queryClient, location),
  component: lazyRouteComponent(() => import('../features/shell/components/app-shell'), 'AppShell'),
  errorComponent: LayoutError,
});

/** A page of the signed-in area at a fixed path. */
function page<const TPath extends string>(path: TPath, component: ReturnType<typeof lazyRouteComponent>) {
  return createRoute({ getParentRoute: () => appLayout, path, component });
}

const dossiersRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'dossiers',
  component: lazyRouteComponent(
    () => import('../features/requests-list/components/requests-list-page'),
    'RequestsListPage',
  ),
});
const dossierRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'dossiers/$id',
  component: lazyRouteComponent(
    () => import('../features/request-detail/components/request-detail-page'),
    'RequestDetailPage',
  ),
});
const newRequestRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'ajoutdossier/$choixForm',
  // ?brouillon={id}: a draft to resume (issue 16 point 3).
  validateSearch: (search): { brouillon?: string } =>
    typeof search.brouillon === 'string' ? { brouillon: search.brouillon } : {},
  beforeLoad: ({ params }) => {
    if (!isChoixForm(params.choixForm)) redirect({ to: '/404', replace: true, throw: true });
  },
  component: lazyRouteComponent(
    () => import('../features/filing-wizard/components/new-request-page'),
    'NewRequestPage',
  ),
});
const updateRequestRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'updatedossier/$id',
  component: lazyRouteComponent(
    () => import('../features/filing-wizard/components/update-request-page'),
    'UpdateRequestPage',
  ),
});
const groupsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'groups/$type',
  beforeLoad: ({ params }) => {
    if (!isGroupType(params.type)) redirect({ to: '/404', replace: true, throw: true });
  },
  component: lazyRouteComponent(() => import('../features/groups/components/groups-page'), 'GroupsPage'),
});
const invitationRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'invitation/$token',
  component: lazyRouteComponent(
    () => import('../features/invitations/components/invitation-page'),
    'InvitationPage',
  ),
});
const userRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'users/$id',
  component: lazyRouteComponent(() => import('../features/users/components/user-page'), 'UserPage'),
});

const appPages = [
  page(
    'account',
    lazyRouteComponent(() => import('../features/account/components/account-page'), 'AccountPage'),
  ),
  page(
    'user',
    lazyRouteComponent(() => import('../features/account/components/new-user-page'), 'NewUserPage'),
  ),
  page(
    'users',
    lazyRouteComponent(() => import('../features/users/components/users-page'), 'UsersPage'),
  ),
  page(
    'destinataires',
    lazyRouteComponent(() => import('../features/recipients/components/recipients-page'), 'RecipientsPage'),
  ),
  page(
    'modeles',
    lazyRouteComponent(() => import('../features/templates/components/templates-page'), 'TemplatesPage'),
  ),
  page(
    'documents',
    lazyRouteComponent(() => import('../features/documents/components/documents-page'), 'DocumentsPage'),
  ),
  page(
    'brouillons',
    lazyRouteComponent(() => import('../features/drafts/components/drafts-page'), 'DraftsPage'),
  ),
  page(
    'statistics',
    lazyRouteComponent(() => import('../features/statistics/components/statistics-page'), 'StatisticsPage'),
  ),
  page(
    'delais',
    lazyRouteComponent(() => import('../features/legal-rules/components/legal-rules-page'), 'LegalRulesPage'),
  ),
  page(
    'coordination',
    lazyRouteComponent(
      () => import('../features/coordination/components/coordination-page'),
      'CoordinationPage',
    ),
  ),
  page(
    'chantiers',
    lazyRouteComponent(
      () => import('../features/works-calendar/components/works-calendar-page'),
      'WorksCalendarPage',
    ),
  ),
  page(
    'history',
    lazyRouteComponent(() => import('../features/history/components/history-page'), 'HistoryPage'),
  ),
  page(
    '404',
    lazyRouteComponent(() => import('../features/errors/components/not-found-page'), 'NotFoundPage'),
  ),
  page(
    'error',
    lazyRouteComponent(() => import('../features/errors/components/error-page'), 'ErrorPage'),
  ),
];

// Signed-in pages without the sidebar.
const bareLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'bare',
  beforeLoad: ({ context, location }) => requireSession(context.queryClient, location),
  component: lazyRouteComponent(() => import('../features/shell/components/bare-layout'), 'BareLayout'),
  errorComponent: LayoutError,
});
const cerfaRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: 'cerfa/$type/$id',
  beforeLoad: ({ params }) => {
    if (!isCerfaType(params.type)) redirect({ to: '/404', replace: true, throw: true });
  },
  component: lazyRouteComponent(() => import('../features/cerfa/components/cerfa-page'), 'CerfaPage'),
});
// The template editor, opened in a new window from /modeles (spec 2 §2.10).
const templateEditorRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: 'modeles/$id',
  component: lazyRouteComponent(
    () => import('../features/templates/components/template-editor-page'),
    'TemplateEditorPage',
  ),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  publicLayout.addChildren([
    loginRoute,
    themedPublicLayout.addChildren([
      registerRoute,
      forgotPasswordRoute,
      passwordRoute,
      validateEmailRoute,
      confirmEmailRoute,
    ]),
  ]),
  publicWideLayout.addChildren([themedPublicWideLayout.addChildren([publicWorksRoute, openDataRoute])]),
  appLayout.addChildren([
    dossiersRoute,
    dossierRoute,
    newRequestRoute,
    updateRequestRoute,
    groupsRoute,
    invitationRoute,
    userRoute,
    ...appPages,
  ]),
  bareLayout.addChildren([cerfaRoute, templateEditorRoute]),
]);

export function createAppRouter(queryClient: QueryClient, history: RouterHistory = createBrowserHistory()) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultNotFoundComponent: RedirectToNotFound,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
