import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aConfig, ok } from '../../../test/fixtures';
import { mockApi, type MockAnswer, type RecordedCall } from '../../../test/mock-api';
import { aDocument } from '../model/detail-fixtures';
import { ReceptionRequestDialog } from './reception-request-dialog';
import { aWorksRequest, renderWorksDialog } from './works-test-harness';

const NOTICE = 'Votre demande de réception a été envoyée.';
const TITLE = 'Demande de réception des travaux';

const file = (name: string, type: string) => new File(['contenu'], name, { type });
const jpeg = (name: string) => file(name, 'image/jpeg');

/** The device's place as the browser would give it, or a refusal. */
function stubGeolocation(position: { lat: number; lon: number } | null) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (success: PositionCallback, failure: PositionErrorCallback) => {
        if (position)
          success({ coords: { latitude: position.lat, longitude: position.lon } } as GeolocationPosition);
        else failure({ code: 1, message: 'refusé' } as GeolocationPositionError);
      },
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

function mockReception(
  answer: MockAnswer = ok(
    aWorksRequest({ stateId: 7, state: { id: 7, name: 'Réception demandée' } }),
    NOTICE,
  ),
) {
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'POST /api/request/42/reception': answer,
  });
}

const dialog = () => screen.findByRole('dialog', { name: TITLE });
const validate = (form: HTMLElement) => within(form).getByRole('button', { name: 'Valider' });
const fileInput = (form: HTMLElement, name: string) => within(form).getByLabelText(new RegExp(`^${name}`));
const receptionCall = (calls: RecordedCall[]) =>
  calls.find((call) => call.method === 'POST' && call.path === '/api/request/42/reception');

describe('reception request dialog', { timeout: 30_000 }, () => {
  it("in state 4, asks for an option first; 'Rendez-vous' is sent as JSON, and the notice shown", async () => {
    const { calls } = mockReception();
    const { user } = renderWorksDialog(
      ReceptionRequestDialog,
      aWorksRequest({ actions: ['requestReception'] }),
    );
    const form = await dialog();
    const option = within(form).getByRole('radiogroup', { name: /^Mode de réception/ });
    expect(
      within(option)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Photos', 'Rendez-vous']);
    expect(validate(form)).toHaveProperty('disabled', true);
    expect(within(form).queryByLabelText(/^Photo /)).toBeNull();

    await user.click(within(form).getByRole('radio', { name: 'Rendez-vous' }));
    expect(within(form).queryByLabelText(/^Photo /)).toBeNull();
    await user.click(validate(form));

    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(receptionCall(calls)?.body).toEqual({ option: 'Rendez-vous' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(screen.getByText('État : Réception demandée')).toBeTruthy();
  });

  it("with 'Photos', needs the photo and the extra photo (jpeg, png, pdf), and sends the files with the device's place", async () => {
    stubGeolocation({ lat: 43.66, lon: -1.31 });
    const { calls } = mockReception();
    const { user } = renderWorksDialog(
      ReceptionRequestDialog,
      aWorksRequest({ stateId: 12, actions: ['requestReception'] }),
    );
    const form = await dialog();
    expect(within(form).getByText('Permission de voirie - Réseaux')).toBeTruthy();
    await user.click(within(form).getByRole('radio', { name: 'Photos' }));

    const photo = fileInput(form, 'Photo \\*');
    const extra = fileInput(form, 'Photo complémentaire');
    const plans = fileInput(form, 'Plans de récolement');
    expect(fileInput(form, 'Résultats de compactage')).toBeTruthy();
    expect(photo.getAttribute('accept')).toBe('image/jpeg,image/png,application/pdf');
    expect(photo).toHaveProperty('required', true);
    expect(extra).toHaveProperty('required', true);
    expect(plans).toHaveProperty('required', false);

    await user.upload(photo, jpeg('photo.jpg'));
    expect(validate(form)).toHaveProperty('disabled', true);
    await user.upload(extra, file('detail.png', 'image/png'));
    await user.upload(plans, file('plans.pdf', 'application/pdf'));
    expect(validate(form)).toHaveProperty('disabled', false);
    await user.click(validate(form));

    expect(await screen.findByText(NOTICE)).toBeTruthy();
    const body = receptionCall(calls)?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('option')).toBe('Photos');
    expect((body.get('document-104') as File).name).toBe('photo.jpg');
    expect((body.get('document-105') as File).name).toBe('detail.png');
    expect((body.get('document-102') as File).name).toBe('plans.pdf');
    expect(body.get('document-103')).toBeNull();
    // The place of the photos only, keyed by their part.
    expect(JSON.parse(body.get('positions') as string)).toEqual({
      'document-104': { lat: 43.66, lon: -1.31 },
      'document-105': { lat: 43.66, lon: -1.31 },
    });
  });

  it('names the kind; an access permission asks for the two photos only, no trench records', async () => {
    mockReception();
    const { user } = renderWorksDialog(
      ReceptionRequestDialog,
      aWorksRequest({ type: 3, actions: ['requestReception'] }),
    );
    const form = await dialog();
    expect(within(form).getByText('Permission de voirie - Accès/Clôture')).toBeTruthy();
    await user.click(within(form).getByRole('radio', { name: 'Photos' }));
    expect(fileInput(form, 'Photo \\*')).toHaveProperty('required', true);
    expect(fileInput(form, 'Photo complémentaire')).toHaveProperty('required', true);
    expect(within(form).queryByLabelText(/^Plans de récolement/)).toBeNull();
    expect(within(form).queryByLabelText(/^Résultats de compactage/)).toBeNull();
  });

  it('in state 6, asks for the two photos only (jpeg, bmp, png or pdf); a refused place is not sent', async () => {
    stubGeolocation(null);
    const { calls } = mockReception();
    const { user } = renderWorksDialog(
      ReceptionRequestDialog,
      aWorksRequest({
        stateId: 6,
        state: { id: 6, name: 'Rendez-vous proposé' },
        actions: ['requestReception'],
      }),
    );
    const form = await dialog();
    expect(within(form).queryByRole('radiogroup')).toBeNull();
    expect(within(form).queryByLabelText(/^Plans de récolement/)).toBeNull();
    const photo = fileInput(form, 'Photo \\*');
    expect(photo.getAttribute('accept')).toBe('image/jpeg,image/bmp,image/png,application/pdf');
    expect(
      within(form).getByText('Formats acceptés : JPEG, BMP, PNG, PDF.', {
        selector: `#${photo.id}-helper-text`,
      }),
    ).toBeTruthy();
    expect(validate(form)).toHaveProperty('disabled', true);

    await user.upload(photo, file('photo.bmp', 'image/bmp'));
    expect(validate(form)).toHaveProperty('disabled', true);
    await user.upload(fileInput(form, 'Photo complémentaire'), jpeg('detail.jpg'));
    await user.click(validate(form));

    expect(await screen.findByText(NOTICE)).toBeTruthy();
    const body = receptionCall(calls)?.body as FormData;
    expect(body.get('option')).toBe('Photos');
    expect((body.get('document-104') as File).name).toBe('photo.bmp');
    expect(body.get('positions')).toBeNull();
  });

  it("refuses a file of another type with the domain's message, and keeps the button disabled", async () => {
    mockReception();
    const user = renderWorksDialog(
      ReceptionRequestDialog,
      aWorksRequest({ stateId: 7, actions: ['requestReception'] }),
    ).user;
    const form = await dialog();
    const photo = fileInput(form, 'Photo \\*');
    await user.setup({ applyAccept: false }).upload(photo, file('notes.txt', 'text/plain'));
    await user.upload(fileInput(form, 'Photo complémentaire'), jpeg('detail.jpg'));
    expect(
      within(form).getByText("Ce type de fichier n'est pas accepté. Types acceptés : JPEG, BMP, PNG, PDF."),
    ).toBeTruthy();
    expect(validate(form)).toHaveProperty('disabled', true);
  });

  it("lists the reception's documents already sent, an image opening in a new window, a far photo flagged", async () => {
    mockReception();
    renderWorksDialog(
      ReceptionRequestDialog,
      aWorksRequest({
        stateId: 7,
        actions: ['requestReception'],
        receptionDocuments: [
          { ...aDocument(30, 104, { typeName: 'Photo', nature: 'réception' }), distanceMetres: 350 },
          aDocument(31, 17, { typeName: 'Image', nature: 'réception' }),
        ],
      }),
    );
    const form = await dialog();
    const list = within(form).getByRole('region', { name: 'Documents de réception' });
    expect(within(list).getByRole('link', { name: 'Télécharger piece-30.pdf' }).getAttribute('href')).toBe(
      '/api/document/30/file',
    );
    expect(within(list).getByText('Photo prise à 350 m des travaux (plus de 200 m).')).toBeTruthy();
    const image = within(list).getByRole('link', { name: "Ouvrir l'image piece-31.pdf (nouvelle fenêtre)" });
    expect(image.getAttribute('target')).toBe('_blank');
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    mockReception({
      status: 409,
      body: { success: false, message: "La réception n'est pas possible dans cet état." },
    });
    const { user } = renderWorksDialog(
      ReceptionRequestDialog,
      aWorksRequest({ actions: ['requestReception'] }),
    );
    const form = await dialog();
    await user.click(within(form).getByRole('radio', { name: 'Rendez-vous' }));
    await user.click(validate(form));
    expect(await within(form).findByText("La réception n'est pas possible dans cet état.")).toBeTruthy();
    expect(screen.getByRole('dialog', { name: TITLE })).toBeTruthy();
  });
});
