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
import { accountPages } from '../features/account';
import { authPages, validateLoginSearch } from '../features/auth';
import { cerfaPages, isCerfaType } from '../features/cerfa';
import { coordinationPages } from '../features/coordination';
import { documentsPages } from '../features/documents';
import { draftsPages } from '../features/drafts';
import { errorsPages } from '../features/errors';
import { filingWizardPages, isChoixForm } from '../features/filing-wizard';
import { groupsPages, isGroupType } from '../features/groups';
import { historyPages } from '../features/history';
import { invitationsPages } from '../features/invitations';
import { legalRulesPages } from '../features/legal-rules';
import { publicWorksPages } from '../features/public-works';
import { recipientsPages } from '../features/recipients';
import { requestDetailPages } from '../features/request-detail';
import { requestsListPages } from '../features/requests-list';
import { PublicLayout, PublicWideLayout, shellPages } from '../features/shell';
import { statisticsPages } from '../features/statistics';
import { templatesPages } from '../features/templates';
import { usersPages } from '../features/users';
import { worksCalendarPages } from '../features/works-calendar';
import { requireSession } from './require-session';
import { RedirectToNotFound, RootLayout } from './root-layout';
import { LayoutError, RouteError } from './lazy-route-error';

// Pages come from their feature's index as loaders (`authPages.login`…): each page is its own
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

// The sign-in page loads no MUI; the other public pages get the theme from this
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
  component: lazyRouteComponent(authPages.login, 'LoginPage'),
});
const registerRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'register',
  component: lazyRouteComponent(authPages.register, 'RegisterPage'),
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'forgot-pass',
  component: lazyRouteComponent(authPages.forgotPassword, 'ForgotPasswordPage'),
});
const passwordRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'password/$token',
  component: lazyRouteComponent(authPages.password, 'PasswordPage'),
});
const validateEmailRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'validate-email/$token',
  component: lazyRouteComponent(authPages.validateEmail, 'ValidateEmailPage'),
});

// Where a call answered MAINTENANCE leads: no session needed, none asked.
const maintenanceRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'maintenance',
  component: lazyRouteComponent(errorsPages.maintenance, 'MaintenancePage'),
});

// The link mailed to a new address: public, the token is the proof.
const confirmEmailRoute = createRoute({
  getParentRoute: () => themedPublicLayout,
  path: 'confirm-email/$token',
  component: lazyRouteComponent(accountPages.confirmEmail, 'ConfirmEmailPage'),
});

// The public works map and its open data: no session, a frame wide enough for a map.
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
  component: lazyRouteComponent(publicWorksPages.publicWorks, 'PublicWorksPage'),
});
const openDataRoute = createRoute({
  getParentRoute: () => themedPublicWideLayout,
  path: 'travaux/donnees',
  component: lazyRouteComponent(publicWorksPages.openData, 'OpenDataPage'),
});

// Signed-in pages with the sidebar.
const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ context, location }) => requireSession(context.queryClient, location),
  component: lazyRouteComponent(shellPages.appShell, 'AppShell'),
  errorComponent: LayoutError,
});

/** A page of the signed-in area at a fixed path. */
function page<const TPath extends string>(path: TPath, component: ReturnType<typeof lazyRouteComponent>) {
  return createRoute({ getParentRoute: () => appLayout, path, component });
}

const dossiersRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'dossiers',
  component: lazyRouteComponent(requestsListPages.requestsList, 'RequestsListPage'),
});
const dossierRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'dossiers/$id',
  // ?edition={documentId}: the editor page of the spec's GET onlyoffice/{documentId} sent us here.
  validateSearch: (search): { edition?: number } => {
    const edition = Number(search.edition);
    return Number.isSafeInteger(edition) && edition > 0 ? { edition } : {};
  },
  component: lazyRouteComponent(requestDetailPages.requestDetail, 'RequestDetailPage'),
});
const newRequestRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'ajoutdossier/$choixForm',
  // ?brouillon={id}: a draft to resume.
  validateSearch: (search): { brouillon?: string } =>
    typeof search.brouillon === 'string' ? { brouillon: search.brouillon } : {},
  beforeLoad: ({ params }) => {
    if (!isChoixForm(params.choixForm)) redirect({ to: '/404', replace: true, throw: true });
  },
  component: lazyRouteComponent(filingWizardPages.newRequest, 'NewRequestPage'),
});
const updateRequestRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'updatedossier/$id',
  component: lazyRouteComponent(filingWizardPages.updateRequest, 'UpdateRequestPage'),
});
const groupsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'groups/$type',
  beforeLoad: ({ params }) => {
    if (!isGroupType(params.type)) redirect({ to: '/404', replace: true, throw: true });
  },
  component: lazyRouteComponent(groupsPages.groups, 'GroupsPage'),
});
const invitationRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'invitation/$token',
  component: lazyRouteComponent(invitationsPages.invitation, 'InvitationPage'),
});
const userRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'users/$id',
  component: lazyRouteComponent(usersPages.user, 'UserPage'),
});

const appPages = [
  page('account', lazyRouteComponent(accountPages.account, 'AccountPage')),
  page('user', lazyRouteComponent(accountPages.newUser, 'NewUserPage')),
  page('users', lazyRouteComponent(usersPages.users, 'UsersPage')),
  page('destinataires', lazyRouteComponent(recipientsPages.recipients, 'RecipientsPage')),
  page('modeles', lazyRouteComponent(templatesPages.templates, 'TemplatesPage')),
  page('documents', lazyRouteComponent(documentsPages.documents, 'DocumentsPage')),
  page('brouillons', lazyRouteComponent(draftsPages.drafts, 'DraftsPage')),
  page('statistics', lazyRouteComponent(statisticsPages.statistics, 'StatisticsPage')),
  page('delais', lazyRouteComponent(legalRulesPages.legalRules, 'LegalRulesPage')),
  page('coordination', lazyRouteComponent(coordinationPages.coordination, 'CoordinationPage')),
  page('chantiers', lazyRouteComponent(worksCalendarPages.worksCalendar, 'WorksCalendarPage')),
  page('history', lazyRouteComponent(historyPages.history, 'HistoryPage')),
  page('404', lazyRouteComponent(errorsPages.notFound, 'NotFoundPage')),
  page('error', lazyRouteComponent(errorsPages.error, 'ErrorPage')),
];

// Signed-in pages without the sidebar.
const bareLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'bare',
  beforeLoad: ({ context, location }) => requireSession(context.queryClient, location),
  component: lazyRouteComponent(shellPages.bareLayout, 'BareLayout'),
  errorComponent: LayoutError,
});
const cerfaRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: 'cerfa/$type/$id',
  beforeLoad: ({ params }) => {
    if (!isCerfaType(params.type)) redirect({ to: '/404', replace: true, throw: true });
  },
  component: lazyRouteComponent(cerfaPages.cerfa, 'CerfaPage'),
});
// The template editor, opened in a new window from /modeles (docs/templates.md "The Templates screen").
const templateEditorRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: 'modeles/$id',
  component: lazyRouteComponent(templatesPages.templateEditor, 'TemplateEditorPage'),
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
      maintenanceRoute,
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
