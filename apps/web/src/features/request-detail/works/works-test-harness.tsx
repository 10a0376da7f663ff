import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { RequestDetail } from '@voirie/domain';
import { StrictMode, useState, type ComponentType } from 'react';
import { createAppQueryClient } from '../../../app/query-client';
import { ToastViewport } from '../../../ui';
import { requestQueryOptions } from '../../../shared/request-queries';
import { aStoredRequest } from '../../../test/request-fixtures';
import type { ActionTarget } from '../actions/use-request-action';
import { aDocument } from '../model/detail-fixtures';
import { LettersBlock } from './letters-block';

// Tests only: a works dialog on a stand-in request page (/dossiers/k3x9q) with the app's query
// client, the toasts and a list page (/dossiers), so that what follows an action shows.

export type WorksDialog = ComponentType<{ target: ActionTarget; open: boolean; onClose: () => void }>;

export const LIST_HEADING = 'Liste des demandes';

export function renderWorksDialog(Dialog: WorksDialog, request: RequestDetail) {
  const queryClient = createAppQueryClient();
  const query = requestQueryOptions('k3x9q');
  queryClient.setQueryData(query.queryKey, request);

  function Page() {
    const { data } = useQuery(query);
    const [open, setOpen] = useState(true);
    if (!data) return null;
    return (
      <>
        <p>État : {data.state.name}</p>
        <button type="button" onClick={() => setOpen(true)}>
          Ouvrir
        </button>
        <Dialog
          target={{ request: data, queryKey: query.queryKey }}
          open={open}
          onClose={() => setOpen(false)}
        />
      </>
    );
  }

  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToastViewport />
      </>
    ),
  });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/dossiers',
    component: () => <h1>{LIST_HEADING}</h1>,
  });
  const detail = createRoute({ getParentRoute: () => root, path: '/dossiers/$id', component: Page });
  const router = createRouter({
    routeTree: root.addChildren([list, detail]),
    history: createMemoryHistory({ initialEntries: ['/dossiers/k3x9q'] }),
  });
  const user = userEvent.setup();
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { user, router, queryClient };
}

/** A permission in the works phase (state 4 by default) as GET request/{id} returns it. */
export function aWorksRequest(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return aStoredRequest({
    stateId: 4,
    state: { id: 4, name: 'Travaux en attente de réception' },
    missingDocuments: null,
    ...overrides,
  });
}

/** No letter yet (`request.letters`). */
export const NO_LETTERS = { formalNotice: null, minutes: null, disturbanceMinutes: null };

// The harness renders a dialog's props: the block only reads the target.
const LettersBlockDialog = ({ target }: { target: ActionTarget }) => <LettersBlock target={target} />;

/** The letters block of a request in the works phase, with `overrides`. */
export function renderLettersBlock(overrides: Partial<RequestDetail>) {
  return renderWorksDialog(LettersBlockDialog, aWorksRequest(overrides));
}

/** A request whose sent formal notice (docx 50, pdf 51) the server offers to send to the records system. */
export const ARCHIVABLE_FORMAL_NOTICE = {
  stateId: 12,
  actions: ['archiveFormalNotice'],
  letters: {
    ...NO_LETTERS,
    formalNotice: {
      docx: aDocument(50, 106),
      pdf: aDocument(51, 106),
      sentAt: '2026-03-10T10:00:00.000Z',
    },
  },
} satisfies Partial<RequestDetail>;
