import { screen, waitFor, within } from '@testing-library/react';
import type { DocumentEditor, RequestDetail } from '@voirie/domain';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import type { ActionTarget } from '../actions/use-request-action';
import { aDocument } from '../model/detail-fixtures';
import { OrderBlock } from '../actions/order-block';
import { EditorOnArrival } from './editor-on-arrival';
import { LettersBlock } from '../works/letters-block';
import { aWorksRequest, NO_LETTERS, renderWorksDialog } from '../works/works-test-harness';
import type { DocxEditorPaneProps } from './docx-editor-pane';

// The editor button and dialog (docs/api-instruction.md "Editing in the portal"). The editor
// itself (ProseMirror painting pages) needs a real browser: it is replaced here by a pane that
// answers `save` with the bytes it was given plus a mark, and is tested in Chromium by
// e2e/documents/document-editor.spec.ts.
vi.mock('./docx-editor-pane', () => ({
  default: function FakePane({ docx, name, editorRef, onEdit }: DocxEditorPaneProps) {
    useEffect(() => {
      editorRef.current = {
        save: () => Promise.resolve(new Uint8Array([...new Uint8Array(docx), 33]).buffer),
      } as NonNullable<DocxEditorPaneProps['editorRef']['current']>;
    }, [docx, editorRef]);
    return (
      <>
        <p>Document {name} ouvert</p>
        <button type="button" onClick={onEdit}>
          Taper une phrase
        </button>
      </>
    );
  },
}));

const Block = ({ target }: { target: ActionTarget }) => <LettersBlock target={target} />;

function withNotice(overrides: Partial<RequestDetail> = {}) {
  return aWorksRequest({
    stateId: 7,
    actions: ['recordReception', 'generateLetter'],
    letters: {
      ...NO_LETTERS,
      formalNotice: {
        docx: { ...aDocument(50, 106), name: 'mise-en-demeure-42.docx' },
        pdf: aDocument(51, 106),
        sentAt: null,
      },
    },
    ...overrides,
  });
}

const EDITOR: DocumentEditor = {
  documentId: 50,
  requestId: 42,
  name: 'mise-en-demeure-42.docx',
  title: 'Mise en demeure',
  editor: 'portal',
  fileUrl: '/api/document/50/file',
  onlyoffice: null,
};

async function noticeRegion() {
  return screen.findByRole('region', { name: 'Mise en demeure' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a letter in the portal editor', { timeout: 30_000 }, () => {
  it('opens the DOCX full screen and saves it as the new version', async () => {
    const { calls } = mockApi({
      'GET /api/document/50/editor': ok(EDITOR),
      'GET /api/document/50/file': { body: 'PK' },
      'PUT /api/document/50/edited': ok(withNotice(), 'Le courrier a été modifié.'),
    });
    const { user } = renderWorksDialog(Block, withNotice());
    await user.click(within(await noticeRegion()).getByRole('button', { name: 'Modifier dans le portail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier : Mise en demeure' });
    expect(await within(dialog).findByText('Document mise-en-demeure-42.docx ouvert')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le courrier a été modifié.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/document/50/edited');
    const file = (put?.body as FormData).get('file') as File;
    expect(file.name).toBe('mise-en-demeure-42.docx');
    // What the editor saved: the loaded bytes ('PK', quoted by the fake answer) and its mark.
    expect(new Uint8Array(await file.arrayBuffer()).at(-1)).toBe(33);
  });

  it('keeps the dialog open with the server’s refusal when the save fails', async () => {
    mockApi({
      'GET /api/document/50/editor': ok(EDITOR),
      'GET /api/document/50/file': { body: 'PK' },
      'PUT /api/document/50/edited': {
        status: 409,
        body: {
          success: false,
          code: 'STATE_CONFLICT',
          message:
            "Ce document a été remplacé par une version plus récente : fermez l'éditeur et rouvrez le document.",
        },
      },
    });
    const { user } = renderWorksDialog(Block, withNotice());
    await user.click(within(await noticeRegion()).getByRole('button', { name: 'Modifier dans le portail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier : Mise en demeure' });
    await within(dialog).findByText('Document mise-en-demeure-42.docx ouvert');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText(
        "Erreur lors de l'enregistrement du document : Ce document a été remplacé par une version plus récente : fermez l'éditeur et rouvrez le document.",
      ),
    ).toBeTruthy();
    // The toolbar's 'Fermer' comes first; the alert has its own.
    await user.click(within(dialog).getAllByRole('button', { name: /^Fermer$/ })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("asks before 'Fermer' loses an edit: 'Continuer la modification' or 'Fermer sans enregistrer'", async () => {
    const { calls } = mockApi({
      'GET /api/document/50/editor': ok(EDITOR),
      'GET /api/document/50/file': { body: 'PK' },
    });
    const { user } = renderWorksDialog(Block, withNotice());
    await user.click(within(await noticeRegion()).getByRole('button', { name: 'Modifier dans le portail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier : Mise en demeure' });
    await within(dialog).findByText('Document mise-en-demeure-42.docx ouvert');
    await user.click(within(dialog).getByRole('button', { name: 'Taper une phrase' }));
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    const warning = 'Le document a été modifié : les modifications non enregistrées seront perdues.';
    expect(within(dialog).getByText(warning)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Continuer la modification' }));
    expect(within(dialog).queryByText(warning)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Fermer sans enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("announces a refused opening as 'Erreur lors de l'ouverture du courrier : …', no dialog", async () => {
    mockApi({
      'GET /api/document/50/editor': {
        status: 409,
        body: { success: false, code: 'STATE_CONFLICT', message: 'Action impossible dans cet état.' },
      },
    });
    const { user } = renderWorksDialog(Block, withNotice());
    await user.click(within(await noticeRegion()).getByRole('button', { name: 'Modifier dans le portail' }));
    expect(
      await screen.findByText("Erreur lors de l'ouverture du courrier : Action impossible dans cet état."),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens an ONLYOFFICE server's page in a new window, or says 'Impossible d'ouvrir une nouvelle fenêtre.'", async () => {
    mockApi({
      'GET /api/document/50/editor': ok({
        ...EDITOR,
        editor: 'onlyoffice',
        onlyoffice: { pageUrl: '/api/document/50/onlyoffice' },
      }),
    });
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const { user } = renderWorksDialog(Block, withNotice());
    await user.click(within(await noticeRegion()).getByRole('button', { name: 'Modifier dans le portail' }));
    expect(await screen.findByText("Impossible d'ouvrir une nouvelle fenêtre.")).toBeTruthy();
    expect(open).toHaveBeenCalledWith('/api/document/50/onlyoffice', '_blank');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not offered to a viewer who may not draft the letter', async () => {
    mockApi({});
    renderWorksDialog(Block, withNotice({ actions: [] }));
    const region = await noticeRegion();
    expect(within(region).queryByRole('button', { name: 'Modifier dans le portail' })).toBeNull();
  });
});

describe('the order in the portal editor', { timeout: 30_000 }, () => {
  const Order = ({ target }: { target: ActionTarget }) => <OrderBlock target={target} />;
  const docx = { ...aDocument(60, 93), name: 'arrete-42.docx' };
  const withOrder = (actions: RequestDetail['actions']) =>
    aWorksRequest({
      stateId: 3,
      actions,
      order: {
        docx,
        pdf: aDocument(61, 93),
        acts: [{ act: 'permission', title: 'Arrêté de permission de voirie', docx, pdf: aDocument(61, 93) }],
      },
    });

  it('is offered while the decision may change, and opens the latest DOCX', async () => {
    const { calls } = mockApi({
      'GET /api/document/60/editor': ok({
        ...EDITOR,
        documentId: 60,
        title: 'Arrêté de permission de voirie',
      }),
      'GET /api/document/50/file': { body: 'PK' },
    });
    const { user } = renderWorksDialog(Order, withOrder(['saveDecision', 'generateOrder']));
    const order = await screen.findByRole('region', { name: 'Arrêté' });
    await user.click(within(order).getByRole('button', { name: 'Modifier dans le portail' }));
    expect(
      await screen.findByRole('dialog', { name: 'Modifier : Arrêté de permission de voirie' }),
    ).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /api/document/60/editor');
  });

  it('is not offered once the order is in signature or signed (no saveDecision)', async () => {
    mockApi({});
    renderWorksDialog(Order, withOrder([]));
    const order = await screen.findByRole('region', { name: 'Arrêté' });
    expect(within(order).queryByRole('button', { name: 'Modifier dans le portail' })).toBeNull();
    // The download/upload round trip stays.
    expect(within(order).getByRole('button', { name: "Modifier l'arrêté" })).toBeTruthy();
  });
});

describe("the editor asked by the spec's editor page (?edition=)", { timeout: 30_000 }, () => {
  it('opens by itself, once, and tells the page to drop the address parameter', async () => {
    mockApi({
      'GET /api/document/50/editor': ok(EDITOR),
      'GET /api/document/50/file': { body: 'PK' },
    });
    const onOpened = vi.fn();
    const Arrival = ({ target }: { target: ActionTarget }) => (
      <EditorOnArrival target={target} documentId={50} onOpened={onOpened} />
    );
    renderWorksDialog(Arrival, withNotice());
    const dialog = await screen.findByRole('dialog', { name: 'Modifier : Mise en demeure' });
    expect(await within(dialog).findByText('Document mise-en-demeure-42.docx ouvert')).toBeTruthy();
    expect(onOpened).toHaveBeenCalledTimes(1);
  });
});
