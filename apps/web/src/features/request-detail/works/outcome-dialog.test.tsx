import { screen, waitFor, within } from '@testing-library/react';
import type { RequestDetail } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi, type MockAnswer, type RecordedCall } from '../../../test/mock-api';
import { aDocument } from '../model/detail-fixtures';
import { OutcomeDialog } from './outcome-dialog';
import { aWorksRequest, renderWorksDialog } from './works-test-harness';

const TITLE = 'Réception des travaux';
const RECEIVED = { id: 7, name: 'Réception effectuée' } as const;

const received = (overrides: Partial<RequestDetail> = {}) =>
  aWorksRequest({
    stateId: 7,
    state: RECEIVED,
    actions: ['recordReception', 'generateLetter'],
    ...overrides,
  });

const withFormalNotice = () =>
  received({
    letters: {
      formalNotice: { docx: aDocument(50, 106), pdf: null, sentAt: null },
      minutes: null,
      disturbanceMinutes: null,
    },
  });

function mockOutcome(routes: Record<string, MockAnswer | ((call: RecordedCall) => MockAnswer)> = {}) {
  return mockApi({
    'POST /api/request/42/letters/formalNotice': ok(withFormalNotice(), 'Le courrier a été généré.'),
    ...routes,
  });
}

const dialog = () => screen.findByRole('dialog', { name: TITLE });
const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === `/api/request/42${path}`);

describe('reception outcome dialog', { timeout: 30_000 }, () => {
  it('waits for an opinion to generate, and for a letter or reception document to validate', async () => {
    const { calls } = mockOutcome();
    const { user } = renderWorksDialog(OutcomeDialog, received());
    const form = await dialog();
    const notice = within(form).getByRole('button', { name: 'Générer la mise en demeure' });
    const minutes = within(form).getByRole('button', { name: 'Générer le procès-verbal' });
    const validate = within(form).getByRole('button', { name: 'Valider' });
    expect(notice.hasAttribute('disabled')).toBe(true);
    expect(minutes.hasAttribute('disabled')).toBe(true);
    expect(validate.hasAttribute('disabled')).toBe(true);
    expect(within(form).getByText(/La validation attend le procès-verbal/)).toBeTruthy();

    await user.click(within(form).getByRole('radio', { name: 'Refusé' }));
    expect(notice.hasAttribute('disabled')).toBe(false);
    expect(minutes.hasAttribute('disabled')).toBe(false);
    await user.click(notice);

    // The letter is drafted from the dialog's values; the dialog then offers its round trip.
    const link = await within(form).findByRole('link', { name: 'Télécharger la mise en demeure (DOCX)' });
    expect(link.getAttribute('href')).toBe('/api/document/50/file');
    expect(posts(calls, '/letters/formalNotice').map((call) => call.body)).toEqual([
      { avis: 'refusé', dateVisite: null, motifRefus: [], motifRefusTxt: null, partieDomainePublic: [] },
    ]);
    expect(within(form).getByRole('button', { name: 'Modifier la mise en demeure' })).toBeTruthy();
    await waitFor(() => expect(validate.hasAttribute('disabled')).toBe(false));
  });

  it('may validate once a reception document (107 or 109) is attached', async () => {
    mockOutcome();
    renderWorksDialog(OutcomeDialog, received({ documents: [aDocument(40, 107, { nature: 'réception' })] }));
    const form = await dialog();
    expect(within(form).getByRole('button', { name: 'Valider' }).hasAttribute('disabled')).toBe(false);
    expect(within(form).queryByText(/La validation attend le procès-verbal/)).toBeNull();
  });

  it('uploads an edited letter from the dialog without validating the outcome', async () => {
    const { calls } = mockOutcome({
      'PUT /api/request/42/letters/formalNotice': ok(withFormalNotice(), 'Le courrier a été modifié.'),
    });
    const { user } = renderWorksDialog(OutcomeDialog, withFormalNotice());
    const form = await dialog();
    await user.click(within(form).getByRole('radio', { name: 'Accepté' }));
    await user.click(within(form).getByRole('button', { name: 'Modifier la mise en demeure' }));
    const edit = await screen.findByRole('dialog', { name: 'Modifier la mise en demeure' });
    const pdf = new File(['%PDF-1.7'], 'mise-en-demeure-42.pdf', { type: 'application/pdf' });
    await user.upload(within(edit).getByLabelText(/Mise en demeure modifiée/), pdf);
    await user.click(within(edit).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Le courrier a été modifié.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      '/api/request/42/letters/formalNotice',
    ]);
    // The outcome's dialog stays open, its form not submitted.
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeTruthy();
    expect(posts(calls, '/reception/outcome')).toEqual([]);
  });

  it('asks for a refusal before a formal notice, as the domain says', async () => {
    const { calls } = mockOutcome();
    const { user } = renderWorksDialog(OutcomeDialog, received());
    const form = await dialog();
    await user.click(within(form).getByRole('radio', { name: 'Accepté' }));
    await user.click(within(form).getByRole('button', { name: 'Générer la mise en demeure' }));
    expect(
      within(form).getByText(
        'Une mise en demeure suit une réception refusée : choisissez l’avis « refusé ».',
      ),
    ).toBeTruthy();
    expect(posts(calls, '/letters/formalNotice')).toEqual([]);
  });

  it("shows the refusal reasons with their sentences; 'autre' reveals its text; a reason is required", async () => {
    const { calls } = mockOutcome();
    const { user } = renderWorksDialog(OutcomeDialog, withFormalNotice());
    const form = await dialog();
    expect(within(form).queryByRole('group', { name: 'Motifs du refus' })).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'Refusé' }));
    const reasons = within(form).getByRole('group', { name: /^Motifs du refus/ });
    expect(within(reasons).getAllByRole('checkbox')).toHaveLength(4);
    expect(
      within(reasons).getByText("Les joints n'ont pas été scellés à l'émulsion de bitume."),
    ).toBeTruthy();
    expect(
      within(reasons).getByText("La découpe de la tranchée n'est pas rectiligne (redans)."),
    ).toBeTruthy();
    expect(
      within(reasons).getByText(
        "La réfection n'est pas conforme aux prescriptions de la permission de voirie.",
      ),
    ).toBeTruthy();
    expect(within(form).queryByRole('textbox', { name: /Précisez le motif/ })).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(await within(form).findByText('Veuillez choisir au moins un motif de refus')).toBeTruthy();
    await user.click(within(reasons).getByRole('checkbox', { name: /^autre/ }));
    expect(within(form).getByRole('textbox', { name: /Précisez le motif/ })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(await within(form).findByText('Veuillez préciser')).toBeTruthy();
    expect(posts(calls, '/reception/outcome')).toEqual([]);
  });

  it("sends a refusal with its photos as multipart, then shows 'Réception refusée.'", async () => {
    const { calls } = mockOutcome({
      'POST /api/request/42/reception/outcome': ok(
        aWorksRequest({ stateId: 12, state: { id: 12, name: 'Réception refusée' } }),
        'Réception refusée.',
      ),
    });
    const { user } = renderWorksDialog(OutcomeDialog, withFormalNotice());
    const form = await dialog();
    await user.click(within(form).getByRole('radio', { name: 'Refusé' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Trottoir' }));
    await user.click(within(form).getByRole('checkbox', { name: /^joints/ }));
    await user.click(within(form).getByRole('checkbox', { name: /^autre/ }));
    await user.type(within(form).getByRole('textbox', { name: /Précisez le motif/ }), 'Bordure cassée');
    await user.click(within(form).getByRole('group', { name: /^Date de visite/ }));
    await user.keyboard('12032026');
    const photos = [1, 2].map((n) => new File(['jpeg'], `refus-${String(n)}.jpg`, { type: 'image/jpeg' }));
    await user.upload(within(form).getByLabelText(/Photos du refus/), photos);
    expect(within(form).getByRole('button', { name: 'Retirer refus-2.jpg' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Réception refusée.')).toBeTruthy();
    const [post] = posts(calls, '/reception/outcome');
    expect(post?.body).toBeInstanceOf(FormData);
    const body = post?.body as FormData;
    expect(JSON.parse(body.get('reception') as string)).toEqual({
      avis: 'refusé',
      dateVisite: '2026-03-12',
      motifRefus: ['joints', 'autre'],
      motifRefusTxt: 'Bordure cassée',
      partieDomainePublic: ['Trottoir'],
    });
    expect(body.getAll('photo').map((file) => (file as File).name)).toEqual(['refus-1.jpg', 'refus-2.jpg']);
    expect(body.get('positions')).toBeNull();
  });

  it("sends an acceptance as JSON, then shows 'Dossier réceptionné.'", async () => {
    const { calls } = mockOutcome({
      'POST /api/request/42/reception/outcome': ok(
        aWorksRequest({ stateId: 2, state: { id: 2, name: 'Travaux réceptionnés' } }),
        'Dossier réceptionné.',
      ),
    });
    const { user } = renderWorksDialog(
      OutcomeDialog,
      received({
        letters: {
          formalNotice: null,
          minutes: { docx: aDocument(52, 108), pdf: aDocument(53, 108), sentAt: null },
          disturbanceMinutes: null,
        },
      }),
    );
    const form = await dialog();
    await user.click(within(form).getByRole('radio', { name: 'Accepté' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Chaussée' }));
    expect(within(form).queryByLabelText(/Photos du refus/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Dossier réceptionné.')).toBeTruthy();
    expect(posts(calls, '/reception/outcome').map((call) => call.body)).toEqual([
      {
        avis: 'accepté',
        dateVisite: null,
        motifRefus: [],
        motifRefusTxt: null,
        partieDomainePublic: ['Chaussée'],
      },
    ]);
  });

  it('lists the reception documents, warning beside a photo taken more than 200 m away', async () => {
    mockOutcome();
    const photo = (id: number, distanceMetres: number) => ({
      ...aDocument(id, 104, { typeName: 'Photo', nature: 'réception' }),
      lat: 43.63,
      lon: -1.43,
      distanceMetres,
    });
    renderWorksDialog(OutcomeDialog, received({ receptionDocuments: [photo(60, 200), photo(61, 349.6)] }));
    const form = await dialog();
    const list = within(form).getByRole('region', { name: 'Documents de réception' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toBe('piece-60.pdf — Photo');
    expect(items[1]?.textContent).toBe(
      'piece-61.pdf — PhotoPhoto prise à 350 m des travaux (plus de 200 m).',
    );
  });
});
