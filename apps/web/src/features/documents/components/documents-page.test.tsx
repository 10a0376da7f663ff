import { screen, waitFor, within } from '@testing-library/react';
import type { LibraryDocument } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import { renderWithToasts } from '../../../test/render-with-query';
import { DocumentsPage } from './documents-page';

const REGULATION: LibraryDocument = {
  id: 1,
  title: 'Règlement de voirie communautaire',
  category: 'reglementation',
  fileName: 'reglement-voirie.pdf',
  mimeType: 'application/pdf',
  size: 1_572_864,
  createdAt: '2026-01-15T10:00:00.000Z',
};
const FORM: LibraryDocument = {
  id: 2,
  title: 'Demande de permission (formulaire)',
  category: 'formulaire',
  fileName: 'demande.odt',
  mimeType: 'application/vnd.oasis.opendocument.text',
  size: 20_480,
  createdAt: '2026-02-01T10:00:00.000Z',
};

/** A fake API holding the library, changed by the POST and DELETE it receives. */
function fakeLibraryApi(roles: string[]) {
  let documents = [REGULATION, FORM];
  return mockApi({
    'GET /api/config': ok(aConfig({ uploadMaxBytes: 1024 * 1024 })),
    'GET /api/userConnected': ok(aUser({ roles: roles as never })),
    'GET /api/library': () => ok(documents),
    'POST /api/library': (call: RecordedCall) => {
      const form = call.body as FormData;
      const added: LibraryDocument = {
        ...REGULATION,
        id: 3,
        title: form.get('title') as string,
        category: form.get('category') as LibraryDocument['category'],
        fileName: (form.get('file') as File).name,
      };
      documents = [...documents, added];
      return ok(added, 'Document ajouté.');
    },
    'DELETE /api/library/2': () => {
      documents = documents.filter((document) => document.id !== 2);
      return ok(null, 'Document supprimé.');
    },
  });
}

function renderPage() {
  return renderWithToasts(<DocumentsPage />);
}

describe('DocumentsPage', () => {
  it('lists the documents by category, each downloadable, for an applicant without the admin buttons', async () => {
    fakeLibraryApi(['ROLE_DEMANDEUR']);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
    const regulations = await screen.findByRole('region', { name: 'Réglementation de voirie' });
    expect(within(regulations).getByText('Règlement de voirie communautaire')).toBeTruthy();
    expect(within(regulations).getByText('PDF · 1,5 Mo · ajouté le 15/01/2026')).toBeTruthy();
    const download = within(regulations).getByRole('link', {
      name: 'Télécharger : Règlement de voirie communautaire',
    });
    expect(download.getAttribute('href')).toBe('/api/library/1/file');
    const forms = screen.getByRole('region', { name: 'Formulaires vierges' });
    expect(within(forms).getByText('OpenDocument texte (ODT) · 20 Ko · ajouté le 01/02/2026')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Guides' })).toBeNull();
    expect(screen.queryByRole('button', { name: "Ajout d'un document" })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
  });

  it("'Ajout d'un document': required fields said in French, then the document is sent and listed", async () => {
    const { calls } = fakeLibraryApi(['ROLE_ADMIN']);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: "Ajout d'un document" }));
    const dialog = await screen.findByRole('dialog', { name: "Ajout d'un document" });
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(within(dialog).getByText('Veuillez choisir une catégorie.')).toBeTruthy();
    expect(within(dialog).getByText('Veuillez joindre un fichier.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const big = new File([new Uint8Array(2 * 1024 * 1024)], 'trop-gros.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/Fichier/), big);
    expect(within(dialog).getByText('Le fichier dépasse la taille maximale de 1 Mo.')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/Titre/), 'Guide des tranchées');
    await user.selectOptions(within(dialog).getByLabelText(/Catégorie/), 'Guides');
    const pdf = new File(['%PDF-1.7'], 'guide-tranchees.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/Fichier/), pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));

    expect(await screen.findByText('Document ajouté.')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect([sent.get('title'), sent.get('category'), (sent.get('file') as File).name]).toEqual([
      'Guide des tranchées',
      'guide',
      'guide-tranchees.pdf',
    ]);
    const guides = await screen.findByRole('region', { name: 'Guides' });
    expect(within(guides).getByText('Guide des tranchées')).toBeTruthy();
  });

  it('deletes a document after confirmation (administrators)', async () => {
    const { calls } = fakeLibraryApi(['ROLE_ADMIN']);
    const { user } = renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Supprimer : Demande de permission (formulaire)' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Voulez-vous vraiment supprimer ce document ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Document supprimé.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/library/2',
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Formulaires vierges' })).toBeNull());
  });
});
