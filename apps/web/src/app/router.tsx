import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createBrowserHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { accountPages } from '../features/account';
import { actNotificationPages } from '../features/act-notification';
import { actRegisterPages } from '../features/act-register';
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
import { publicActsPages } from '../features/public-acts';
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

/** A pathless route that gives its pages the MUI theme, loaded with them. */
function themedLayout<TParent extends AnyRoute>(parent: TParent) {
  return createRoute({
    getParentRoute: () => parent,
    id: 'themed',
    component: lazyRouteComponent(() => import('./themed-outlet'), 'ThemedOutlet'),
  });
}

/** A pathless route whose pages need a session: the sign-in page first, else `component` around them. */
function sessionLayout<const TId extends string>(id: TId, component: RouteComponent) {
  return createRoute({
    getParentRoute: () => rootRoute,
    id,
    beforeLoad: ({ context, location }) => requireSession(context.queryClient, location),
    component,
    errorComponent: LayoutError,
  });
}

/** A page at a fixed path below `parent`: the export `name` of the chunk `load` brings. */
function page<
  TParent extends AnyRoute,
  const TPath extends string,
  TName extends string,
  TChunk extends Record<TName, RouteComponent>,
>(parent: TParent, path: TPath, load: () => Promise<TChunk>, name: TName) {
  return createRoute({ getParentRoute: () => parent, path, component: lazyRouteComponent(load, name) });
}

/** Sends to the not-found page when the path parameter `name` is not one the page knows. */
function knownParam<const TName extends string>(name: TName, isKnown: (value: string) => boolean) {
  return <TParams extends Record<TName, string>>({ params }: { params: TParams }) => {
    if (!isKnown(params[name])) redirect({ to: '/404', replace: true, throw: true });
  };
}

// Public pages, without the sidebar.
const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });

// The sign-in page loads no MUI; the other public pages get the theme from this
// pathless route, loaded with them.
const themedPublicLayout = themedLayout(publicLayout);

const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'login',
  validateSearch: validateLoginSearch,
  component: lazyRouteComponent(authPages.login, 'LoginPage'),
});

const themedPublicPages = [
  page(themedPublicLayout, 'register', authPages.register, 'RegisterPage'),
  page(themedPublicLayout, 'forgot-pass', authPages.forgotPassword, 'ForgotPasswordPage'),
  page(themedPublicLayout, 'password/$token', authPages.password, 'PasswordPage'),
  page(themedPublicLayout, 'validate-email/$token', authPages.validateEmail, 'ValidateEmailPage'),
  // The link mailed to a new address: public, the token is the proof.
  page(themedPublicLayout, 'confirm-email/$token', accountPages.confirmEmail, 'ConfirmEmailPage'),
  // Where a call answered MAINTENANCE leads: no session needed, none asked.
  page(themedPublicLayout, 'maintenance', errorsPages.maintenance, 'MaintenancePage'),
];

// The public works map and its open data, the published acts: no session, a frame wide enough for a map.
const publicWideLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public-wide',
  component: PublicWideLayout,
});
const themedPublicWideLayout = themedLayout(publicWideLayout);
const publicWidePages = [
  page(themedPublicWideLayout, 'travaux', publicWorksPages.publicWorks, 'PublicWorksPage'),
  page(themedPublicWideLayout, 'travaux/donnees', publicWorksPages.openData, 'OpenDataPage'),
  // The published regulatory acts (docs/acts.md « Publication »): no session either.
  page(themedPublicWideLayout, 'actes', publicActsPages.list, 'PublicActsPage'),
  page(themedPublicWideLayout, 'actes/$number', publicActsPages.act, 'PublicActPage'),
];

// Signed-in pages with the sidebar.
const appLayout = sessionLayout('app', lazyRouteComponent(shellPages.appShell, 'AppShell'));

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
  beforeLoad: knownParam('choixForm', isChoixForm),
  component: lazyRouteComponent(filingWizardPages.newRequest, 'NewRequestPage'),
});
const groupsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'groups/$type',
  beforeLoad: knownParam('type', isGroupType),
  component: lazyRouteComponent(groupsPages.groups, 'GroupsPage'),
});

const appPages = [
  page(appLayout, 'dossiers', requestsListPages.requestsList, 'RequestsListPage'),
  page(appLayout, 'updatedossier/$id', filingWizardPages.updateRequest, 'UpdateRequestPage'),
  page(appLayout, 'invitation/$token', invitationsPages.invitation, 'InvitationPage'),
  page(appLayout, 'users/$id', usersPages.user, 'UserPage'),
  page(appLayout, 'account', accountPages.account, 'AccountPage'),
  page(appLayout, 'user', accountPages.newUser, 'NewUserPage'),
  page(appLayout, 'users', usersPages.users, 'UsersPage'),
  page(appLayout, 'destinataires', recipientsPages.recipients, 'RecipientsPage'),
  page(appLayout, 'modeles', templatesPages.templates, 'TemplatesPage'),
  page(appLayout, 'documents', documentsPages.documents, 'DocumentsPage'),
  page(appLayout, 'brouillons', draftsPages.drafts, 'DraftsPage'),
  page(appLayout, 'statistics', statisticsPages.statistics, 'StatisticsPage'),
  page(appLayout, 'delais', legalRulesPages.legalRules, 'LegalRulesPage'),
  page(appLayout, 'registre', actRegisterPages.actRegister, 'ActRegisterPage'),
  page(appLayout, 'notification/$number', actNotificationPages.notifiedAct, 'NotifiedActPage'),
  page(appLayout, 'coordination', coordinationPages.coordination, 'CoordinationPage'),
  page(appLayout, 'chantiers', worksCalendarPages.worksCalendar, 'WorksCalendarPage'),
  page(appLayout, 'history', historyPages.history, 'HistoryPage'),
  page(appLayout, '404', errorsPages.notFound, 'NotFoundPage'),
  page(appLayout, 'error', errorsPages.error, 'ErrorPage'),
];

// Signed-in pages without the sidebar.
const bareLayout = sessionLayout('bare', lazyRouteComponent(shellPages.bareLayout, 'BareLayout'));
const cerfaRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: 'cerfa/$type/$id',
  beforeLoad: knownParam('type', isCerfaType),
  component: lazyRouteComponent(cerfaPages.cerfa, 'CerfaPage'),
});
// The template editor, opened in a new window from /modeles (docs/templates.md "The Templates screen").
const templateEditorRoute = page(
  bareLayout,
  'modeles/$id',
  templatesPages.templateEditor,
  'TemplateEditorPage',
);

const routeTree = rootRoute.addChildren([
  indexRoute,
  publicLayout.addChildren([loginRoute, themedPublicLayout.addChildren(themedPublicPages)]),
  publicWideLayout.addChildren([themedPublicWideLayout.addChildren(publicWidePages)]),
  appLayout.addChildren([dossierRoute, newRequestRoute, groupsRoute, ...appPages]),
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
