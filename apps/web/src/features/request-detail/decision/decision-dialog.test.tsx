import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES, type Request, type RequestDetail } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { aStoredRequest } from '../../../test/request-fixtures';
import { DecisionDialog } from './index';

const cerfa = (overrides: Partial<NonNullable<Request['cerfa1402301']>> = {}) => ({
  id: 9,
  themes: 'saillie_surplomb',
  isAccessDevelopment: false,
  ...overrides,
});

const networksRequest = (overrides: Partial<NonNullable<Request['cerfa1402301']>> = {}) =>
  aStoredRequest({ type: 1, stateId: 3, cerfa1402301: cerfa(overrides) });
const accessRequest = () =>
  aStoredRequest({ type: 3, stateId: 3, cerfa1402301: cerfa({ isAccessDevelopment: true }) });
const alignmentRequest = () =>
  aStoredRequest({
    type: 2,
    stateId: 3,
    cerfa1402301: null,
    individualAlignmentRequest: {
      id: 5,
      alignmentOrderNumber: 'AL-12',
      isFavorable: true,
      rues: [
        {
          name: 'Rue des Pins',
          competence: 'Communautaire',
          points: [{ name: 'P1', type: 'clou OGE', distance: 4.5 }],
        },
      ],
    },
  });

function renderDialog(request: RequestDetail) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithQuery(<DecisionDialog request={request} open onClose={onClose} onSaved={onSaved} />);
  // The file inputs accept PDF only: the user may still pick another file, which the dialog refuses.
  const user = userEvent.setup({ applyAccept: false });
  const dialog = screen.getByRole('dialog', { name: 'Décision' });
  return { onSaved, onClose, user, dialog };
}

/** Types a value at once (paste): the long form's test stays fast. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

const putCalls = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PUT');
/** The calls that save: the conflict search the dialog makes as it opens aside. */
const savingCalls = (calls: RecordedCall[]) => calls.filter((call) => !call.path.endsWith('/conflicts'));

describe('DecisionDialog', { timeout: 60_000 }, () => {
  it('shows the variant of the kind: networks (1), access (3), alignment (2)', () => {
    renderDialog(networksRequest());
    expect(screen.getByLabelText('Surface (m²)')).toBeTruthy();
    // decisionDebitLS is forced to 3 when empty (docs/data-model.md "Entities").
    expect(screen.getByLabelText<HTMLInputElement>('Débit (l/s)').value).toBe('3');
    expect(screen.queryByLabelText('État des lieux')).toBeNull();
    expect(screen.queryByLabelText("N° de l'arrêté d'alignement")).toBeNull();
  });

  it('shows the access variant for kind 3, with the refusal reasons when Défavorable', async () => {
    const { user } = renderDialog(accessRequest());
    expect(screen.getByLabelText('État des lieux')).toBeTruthy();
    expect(screen.getByLabelText('Portail')).toBeTruthy();
    expect(screen.queryByLabelText('Surface (m²)')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Motifs du refus' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Défavorable' }));
    const reasons = screen.getByRole('group', { name: 'Motifs du refus' });
    expect(within(reasons).getByRole('checkbox', { name: 'visibilité' })).toBeTruthy();
    expect(screen.getByLabelText('Commentaire du refus')).toBeTruthy();
  });

  it('shows the alignment variant for kind 2, filled from the saved decision', () => {
    renderDialog(alignmentRequest());
    expect(screen.getByLabelText<HTMLInputElement>("N° de l'arrêté d'alignement").value).toBe('AL-12');
    expect(screen.getByLabelText<HTMLInputElement>('Nom de la rue 1').value).toBe('Rue des Pins');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Favorable' }).checked).toBe(true);
    expect(screen.queryByLabelText('Surface (m²)')).toBeNull();
  });

  it('requires Favorable or Défavorable', async () => {
    const { calls } = mockApi({});
    const { user } = renderDialog(networksRequest());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.decisionRequired)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Favorable' }).getAttribute('aria-invalid')).toBe('true');
    expect(putCalls(calls)).toEqual([]);
  });

  it('blocks an invalid order recipient e-mail, and a missing one', async () => {
    const { calls } = mockApi({});
    const { user } = renderDialog(networksRequest());
    await user.click(screen.getByRole('radio', { name: 'Favorable' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter un destinataire' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter un destinataire' }));
    await user.type(screen.getByLabelText('E-mail du destinataire 1'), 'pas-un-mail');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.required)).toBeTruthy();
    expect(screen.getByLabelText('E-mail du destinataire 1').getAttribute('aria-invalid')).toBe('true');
    expect(putCalls(calls)).toEqual([]);
  });

  it('refuses a non-PDF annex with the alert, and keeps a PDF one', async () => {
    const { user } = renderDialog(networksRequest());
    const text = new File(['bonjour'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Annexe 1'), text);
    expect(screen.getByRole('alert').textContent).toContain(
      'L\'annexe 1 n\'est pas un type : "application/pdf"',
    );
    expect(screen.queryByText('Fichier choisi : notes.txt')).toBeNull();
    await user.upload(screen.getByLabelText('Annexe 2'), text);
    expect(screen.getByRole('alert').textContent).toContain(
      'L\'annexe 2 n\'est pas un type : "application/pdf"',
    );
    const pdf = new File(['%PDF-1.4'], 'annexe.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Annexe 2'), pdf);
    expect(screen.getByText('Fichier choisi : annexe.pdf')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('empties and hides the points of a street of competence RD, shown by its label', async () => {
    const { calls } = mockApi({
      'PUT /api/request/42/decision': ok(alignmentRequest(), 'Décision enregistrée'),
    });
    const { user, onSaved } = renderDialog(alignmentRequest());
    expect(screen.getByLabelText('Nom du point 1 (rue 1)')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Compétence de la rue 1'), 'Départementale');
    expect(screen.queryByLabelText('Nom du point 1 (rue 1)')).toBeNull();
    expect(screen.getByText("Compétence Départementale : pas de points d'alignement.")).toBeTruthy();
    // Back to Communautaire: the points were emptied, not hidden.
    await user.selectOptions(screen.getByLabelText('Compétence de la rue 1'), 'Communautaire');
    expect(screen.queryByLabelText('Nom du point 1 (rue 1)')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Compétence de la rue 1'), 'Privée');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(putCalls(calls)[0]?.body).toMatchObject({
      isFavorable: true,
      alignmentOrderNumber: 'AL-12',
      rues: [{ name: 'Rue des Pins', competence: 'Privée', points: [] }],
    });
  });

  it('clears and disables the recommended trenches when sinking is obligatoire', async () => {
    const { user } = renderDialog(
      networksRequest({
        decisionRoadwayTrenchRecommended: 'CH4B',
        decisionSidewalkTrenchRecommended: 'TR1A',
      }),
    );
    const roadway = screen.getByLabelText<HTMLSelectElement>('Tranchée sous chaussée (préconisé)');
    expect(roadway.value).toBe('CH4B');
    await user.selectOptions(screen.getByLabelText('Fonçage'), 'obligatoire');
    expect(roadway.value).toBe('');
    expect(roadway.disabled).toBe(true);
    const sidewalk = screen.getByLabelText<HTMLSelectElement>('Tranchée sous trottoir (préconisé)');
    expect(sidewalk.value).toBe('');
    expect(sidewalk.disabled).toBe(true);
    expect(screen.getAllByText('Fonçage obligatoire : pas de tranchée préconisée.').length).toBe(3);
    await user.selectOptions(screen.getByLabelText('Fonçage'), 'préconisé');
    expect(roadway.disabled).toBe(false);
  });

  it('computes the débit l/s/ha from the flow rate and the surface (read-only)', async () => {
    const { user } = renderDialog(networksRequest());
    const result = screen.getByLabelText<HTMLInputElement>('Débit (l/s/ha)');
    expect(result.readOnly).toBe(true);
    expect(result.value).toBe('');
    await user.type(screen.getByLabelText('Surface (m²)'), '1500');
    expect(result.value).toBe('0.45');
    const flowRate = screen.getByLabelText('Débit (l/s)');
    await user.clear(flowRate);
    await user.type(flowRate, '2.5');
    expect(result.value).toBe('0.375');
  });

  it('uploads the annexes, then sends the decision with PUT, and hands back the request', async () => {
    const saved = networksRequest({ isFavorable: true });
    const { calls } = mockApi({
      'POST /api/document': {
        status: 201,
        body: { success: true, message: 'La pièce a bien été ajoutée.', data: { id: 300 } },
      },
      'PUT /api/request/42/decision': ok(saved, 'Décision enregistrée'),
    });
    const { user, onSaved } = renderDialog(networksRequest());
    await user.click(screen.getByRole('radio', { name: 'Favorable' }));
    await fill(user, 'Commentaire', '  Pose de fourreaux ');
    await fill(user, 'Surface (m²)', '1500');
    await user.selectOptions(screen.getByLabelText('Tranchée sous chaussée'), 'CH5C');
    await user.selectOptions(screen.getByLabelText('Fonçage'), 'non');
    await user.click(screen.getByRole('checkbox', { name: 'voirie en bon état' }));
    await user.click(screen.getByRole('checkbox', { name: 'Finisseur' }));
    await user.click(screen.getByRole('checkbox', { name: 'piste cyclable' }));
    await user.selectOptions(screen.getByLabelText('Réseau aérien'), 'depose');
    await user.click(screen.getByRole('button', { name: 'Ajouter un destinataire' }));
    await fill(user, 'E-mail du destinataire 1', 'mairie@capbreton.fr');
    await fill(user, 'Nom du destinataire 1', 'Mairie');
    await user.click(screen.getByRole('checkbox', { name: "Joindre les annexes à l'arrêté" }));
    const pdf = new File(['%PDF-1.4'], 'annexe.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Annexe 1'), pdf);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, 'Décision enregistrée'));
    expect(savingCalls(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/document',
      'PUT /api/request/42/decision',
    ]);
    const upload = savingCalls(calls)[0]?.body as FormData;
    expect(upload.get('requestId')).toBe('42');
    expect(upload.get('typeDocumentId')).toBe('97');
    expect((upload.get('file') as File).name).toBe('annexe.pdf');
    expect(savingCalls(calls)[1]?.body).toEqual({
      isFavorable: true,
      commentDecision: 'Pose de fourreaux',
      parapheurDecision: null,
      mailArreteSignes: [{ mail: 'mairie@capbreton.fr', name: 'Mairie' }],
      doAnnexe: true,
      prescriptionCoordination: null,
      decisionRejetEU: null,
      decisionSurfacem2: 1500,
      decisionDebitLS: 3,
      decisionSondage: false,
      decisionRoadwayTrench: 'CH5C',
      decisionSidewalkTrench: null,
      decisionShoulderVirginLandTrench: null,
      decisionRoadwayTrenchRecommended: null,
      decisionSidewalkTrenchRecommended: null,
      decisionShoulderVirginLandTrenchRecommended: null,
      decisionHorizontalSignage: false,
      decisionFacilitiesInfo: 'voirie en bon état',
      decisionSinking: 'non',
      decisionRefections: 'Finisseur,piste cyclable',
      decisionTransportNetwork: false,
      aerien: 'depose',
    });
  });

  it("shows the server's refusal in the dialog", async () => {
    const onSavedCalls = mockApi({
      'PUT /api/request/42/decision': {
        status: 409,
        body: {
          success: false,
          code: 'STATE_CONFLICT',
          message: "La demande n'est pas en instruction.",
          errors: [],
        },
      },
    });
    const { user, onSaved } = renderDialog(accessRequest());
    await user.click(screen.getByRole('radio', { name: 'Défavorable' }));
    await user.click(screen.getByRole('checkbox', { name: 'visibilité' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toContain("La demande n'est pas en instruction.");
    expect(onSaved).not.toHaveBeenCalled();
    expect(putCalls(onSavedCalls.calls)[0]?.body).toMatchObject({
      isFavorable: false,
      decisionAccessMotifsRefus: 'visibilité',
    });
  });

  it("closes without saving on 'Annuler'", async () => {
    const { calls } = mockApi({});
    const { user, onClose } = renderDialog(networksRequest());
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalled();
    expect(savingCalls(calls)).toEqual([]);
  });

  it('lists the server field messages of a 400', async () => {
    mockApi({
      'PUT /api/request/42/decision': {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION',
          message: 'Données invalides',
          errors: [{ path: 'decisionDebitLS', message: 'La valeur doit être inférieure ou égale à 1000' }],
        },
      },
    });
    const { user } = renderDialog(networksRequest());
    await user.click(screen.getByRole('radio', { name: 'Défavorable' }));
    fireEvent.submit(screen.getByRole('button', { name: 'Enregistrer' }).closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'La valeur doit être inférieure ou égale à 1000',
    );
  });
});
