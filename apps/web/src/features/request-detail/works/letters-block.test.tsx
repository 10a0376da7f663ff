import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { aDocument } from '../model/detail-fixtures';
import {
  ARCHIVABLE_FORMAL_NOTICE,
  aWorksRequest,
  NO_LETTERS,
  renderLettersBlock,
} from './works-test-harness';

const region = () => screen.findByRole('region', { name: 'Courriers' });

const render = renderLettersBlock;

describe('letters block', { timeout: 30_000 }, () => {
  it('shows nothing without a letter or a letter to draft', () => {
    mockApi({});
    render({ actions: ['requestReception'] });
    expect(screen.queryByRole('region', { name: 'Courriers' })).toBeNull();
  });

  it("says 'Aucun arrêté de généré…' for a reception letter asked for before it exists", async () => {
    mockApi({});
    const { user } = render({
      stateId: 7,
      actions: ['recordReception', 'generateLetter'],
      letters: NO_LETTERS,
    });
    const block = await region();
    const notice = within(block).getByRole('region', { name: 'Mise en demeure' });
    expect(within(block).getByRole('region', { name: 'Procès-verbal de réception' })).toBeTruthy();
    expect(
      within(block).queryByRole('region', { name: 'Procès-verbal de perturbation de voirie' }),
    ).toBeNull();
    expect(within(notice).queryByText('Aucun arrêté de généré pour cette demande')).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Télécharger la mise en demeure (DOCX)' }));
    expect(within(notice).getByText('Aucun arrêté de généré pour cette demande')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Fermer' }));
    await user.click(within(notice).getByRole('button', { name: 'Modifier la mise en demeure' }));
    expect(within(notice).getByText('Aucun arrêté de généré pour cette demande')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Aucun PV généré pour cette demande' for the road-disturbance minutes asked for before they exist", async () => {
    mockApi({});
    const { user } = render({ stateId: 2, actions: ['generateDisturbanceMinutes'], letters: NO_LETTERS });
    const minutes = within(await region()).getByRole('region', {
      name: 'Procès-verbal de perturbation de voirie',
    });
    await user.click(
      within(minutes).getByRole('button', { name: 'Télécharger le PV de perturbation (PDF)' }),
    );
    expect(within(minutes).getByText('Aucun PV généré pour cette demande')).toBeTruthy();
  });

  it('shows the applicant the mailed letters, to download only', async () => {
    mockApi({});
    render({
      stateId: 2,
      actions: [],
      letters: {
        ...NO_LETTERS,
        minutes: { docx: aDocument(52, 108), pdf: aDocument(53, 108), sentAt: '2026-03-10T10:00:00.000Z' },
      },
    });
    const block = await region();
    expect(
      within(block).getByRole('link', { name: 'Télécharger le procès-verbal (DOCX)' }).getAttribute('href'),
    ).toBe('/api/document/52/file');
    expect(
      within(block).getByRole('link', { name: 'Télécharger le procès-verbal (PDF)' }).getAttribute('href'),
    ).toBe('/api/document/53/file');
    expect(within(block).getByText('Envoyé au demandeur le 10/03/2026')).toBeTruthy();
    expect(within(block).queryByRole('button')).toBeNull();
    expect(within(block).queryByRole('region', { name: 'Mise en demeure' })).toBeNull();
  });

  it("uploads an edited letter as multipart 'file'", async () => {
    const { calls } = mockApi({
      'PUT /api/request/42/letters/minutes': ok(aWorksRequest({ stateId: 7 }), 'Le courrier a été modifié.'),
    });
    const { user } = render({
      stateId: 7,
      actions: ['recordReception', 'generateLetter'],
      letters: { ...NO_LETTERS, minutes: { docx: aDocument(52, 108), pdf: null, sentAt: null } },
    });
    const block = await region();
    expect(within(block).getByText('Brouillon, pas encore envoyé au demandeur')).toBeTruthy();
    // One format only: no button for the missing PDF.
    expect(within(block).queryByRole('button', { name: 'Télécharger le procès-verbal (PDF)' })).toBeNull();
    await user.click(within(block).getByRole('button', { name: 'Modifier le procès-verbal' }));
    const form = await screen.findByRole('dialog', { name: 'Modifier le procès-verbal' });
    const docx = new File(['PK'], 'pv-reception-42.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await user.upload(within(form).getByLabelText(/Procès-verbal modifié/), docx);
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Le courrier a été modifié.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/request/42/letters/minutes');
    expect(((put?.body as FormData).get('file') as File).name).toBe('pv-reception-42.docx');
  });

  it("sends the formal notice to the records system with 'Envoyer à la GED' when offered", async () => {
    const { calls } = mockApi({
      'POST /api/document/elise/51': ok(
        aWorksRequest({ stateId: 12 }),
        'La mise en demeure a été envoyée à la gestion électronique des documents.',
      ),
    });
    const { user } = render(ARCHIVABLE_FORMAL_NOTICE);
    const notice = within(await region()).getByRole('region', { name: 'Mise en demeure' });
    await user.click(within(notice).getByRole('button', { name: 'Envoyer à la GED' }));
    expect(
      await screen.findByText('La mise en demeure a été envoyée à la gestion électronique des documents.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/document/elise/51',
    ]);
  });

  it("offers no 'Envoyer à la GED' unless the server does", async () => {
    mockApi({});
    render({
      stateId: 12,
      actions: [],
      letters: { ...NO_LETTERS, formalNotice: { docx: aDocument(50, 106), pdf: null, sentAt: null } },
    });
    expect(within(await region()).queryByRole('button', { name: 'Envoyer à la GED' })).toBeNull();
  });

  it('records the signed formal notice when the server offers it, a PDF only; then shows its act', async () => {
    const { calls } = mockApi({
      'POST /api/request/42/letters/formalNotice/signed': ok(
        aWorksRequest({
          ...ARCHIVABLE_FORMAL_NOTICE,
          formalNoticeAct: { number: '2026_00012', canRecordSigned: false },
        }),
        'La mise en demeure signée a été enregistrée.',
      ),
    });
    const { user } = render({
      ...ARCHIVABLE_FORMAL_NOTICE,
      formalNoticeAct: { number: null, canRecordSigned: true },
    });
    const notice = within(await region()).getByRole('region', { name: 'Mise en demeure' });
    await user.click(within(notice).getByRole('button', { name: 'Déposer la mise en demeure signée' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déposer la mise en demeure signée' });
    const input = within(dialog).getByLabelText(/Mise en demeure signée \(PDF\)/);
    await user
      .setup({ applyAccept: false })
      .upload(input, new File(['x'], 'notice.docx', { type: 'application/msword' }));
    expect(await within(dialog).findByText('Le fichier doit être un PDF.')).toBeTruthy();
    await user.upload(
      input,
      new File(['%PDF-1.4'], 'mise-en-demeure-signee.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('La mise en demeure signée a été enregistrée.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/request/42/letters/formalNotice/signed');
    expect(((post?.body as FormData).get('file') as File).name).toBe('mise-en-demeure-signee.pdf');
  });

  it('shows the signed act, and no upload unless the server offers it', async () => {
    mockApi({});
    render({
      ...ARCHIVABLE_FORMAL_NOTICE,
      formalNoticeAct: { number: '2026_00012', canRecordSigned: false },
    });
    const notice = within(await region()).getByRole('region', { name: 'Mise en demeure' });
    expect(within(notice).getByText('Mise en demeure signée : acte n° 2026_00012')).toBeTruthy();
    expect(within(notice).queryByRole('button', { name: 'Déposer la mise en demeure signée' })).toBeNull();
  });
});
