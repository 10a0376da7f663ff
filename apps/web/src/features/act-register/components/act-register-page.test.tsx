import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACT_REGISTER_MESSAGES,
  ACT_PUBLICATION_MESSAGES,
  ACT_TRANSMISSION_MESSAGES,
  type ActNumberingView,
  type ActRegisterPage,
  type RegisteredAct,
} from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, queryOf, signInCookie, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const ACT: RegisteredAct = {
  number: '2026_00001',
  year: 2026,
  sequence: 1,
  nature: 'permission',
  natureLabel: 'Arrêté de permission de voirie',
  subject: 'Arrêté de permission de voirie — 3 rue des Écoles, Capbreton — demande n° 41',
  town: 'Capbreton',
  requestId: 41,
  requestPublicId: 'a1b2c3',
  recordedBy: 'Claire Dupont',
  signatoryName: 'Anne Lafitte',
  signatoryTitle: 'Maire adjointe',
  // 09:30 in Paris (winter, UTC+1).
  signedAt: '2026-01-05T08:30:00.000Z',
  documentId: 77,
  transmission: { required: true, receivedOn: null, identifier: null },
  notifiedAt: null,
  notificationMode: null,
  publication: null,
  abilities: { retryPublication: false },
};

const pageOf = (data: RegisteredAct[], extra: Partial<ActRegisterPage> = {}): ActRegisterPage => ({
  data,
  total: data.length,
  page: 1,
  pages: data.length === 0 ? 0 : 1,
  years: [2026, 2025],
  ...extra,
});

const NUMBERING: ActNumberingView = {
  format: '{AAAA}_{NNNNN}',
  defaultFormat: '{AAAA}_{NNNNN}',
  example: '2026_00001',
};

function signedInAs(roles: string[], routes: Parameters<typeof mockApi>[0] = {}) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ roles: roles as never })),
    'GET /api/acts': ok(pageOf([ACT])),
    'GET /api/acts/numbering': ok(NUMBERING),
    'GET /api/acts/transmission': ok({ natures: ['permission', 'refusal', 'alignment'] }),
    ...routes,
  });
}

const actsCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/acts');

describe('ActRegisterPage (/registre)', { timeout: 30_000 }, () => {
  it("an instructor reads the newest year's acts, filters them and gets the CSV of what is shown", async () => {
    const { calls } = signedInAs(['ROLE_INSTRUCTEUR'], {
      'GET /api/acts': (call) => ok(queryOf(call).get('nature') === 'traffic' ? pageOf([]) : pageOf([ACT])),
    });
    renderApp('/registre');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registre des actes' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Registre des actes : 1 acte' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Numéro',
      'Nature',
      'Objet',
      'Commune',
      'Signé le',
      'Signataire',
      'Enregistré par',
      'Notification ou publication',
      'Préfecture',
      'Liens',
    ]);
    const row = within(table).getByRole('row', { name: /2026_00001/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Arrêté de permission de voirie',
      ACT.subject,
      'Capbreton',
      '05/01/2026 09:30',
      'Anne Lafitte, Maire adjointe',
      'Claire Dupont',
      '—Non encore notifié',
      "Saisir l'accusé de réception",
      'Demande n° 41 · PDF signé · Certificat · Paquet ACTES',
    ]);
    expect(within(row).getByRole('link', { name: 'Demande n° 41' }).getAttribute('href')).toBe(
      '/dossiers/a1b2c3',
    );
    expect(
      within(row).getByRole('link', { name: "PDF signé de l'acte 2026_00001" }).getAttribute('href'),
    ).toBe('/api/document/77/file');

    // The newest year is chosen once the register's years are known.
    const year = screen.getByLabelText<HTMLSelectElement>('Année');
    await waitFor(() => expect(year.value).toBe('2026'));
    await waitFor(() => expect(queryOf(actsCalls(calls).at(-1)).get('year')).toBe('2026'));
    expect([...year.options].map((option) => option.textContent)).toEqual(['Toutes', '2026', '2025']);
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(
      '/api/acts/export.csv?year=2026',
    );
    expect(screen.getByRole('link', { name: 'Imprimer le registre 2026 (PDF)' }).getAttribute('href')).toBe(
      '/api/acts/register.pdf?year=2026',
    );
    // No number format for an instructor.
    expect(screen.queryByRole('region', { name: "Format des numéros d'actes" })).toBeNull();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Nature'), 'Arrêté de police de la circulation');
    await user.selectOptions(screen.getByLabelText('Commune'), 'Capbreton');
    expect(await screen.findByText('Aucun acte enregistré.')).toBeTruthy();
    const last = queryOf(actsCalls(calls).at(-1));
    expect([last.get('year'), last.get('nature'), last.get('town'), last.get('page')]).toEqual([
      '2026',
      'traffic',
      'Capbreton',
      '1',
    ]);
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(
      '/api/acts/export.csv?year=2026&nature=traffic&town=Capbreton',
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Commune').options).toHaveLength(24);

    await user.selectOptions(year, 'Toutes');
    await waitFor(() => expect(queryOf(actsCalls(calls).at(-1)).has('year')).toBe(false));
    // The printed register is one year's: none for all years.
    expect(screen.queryByRole('link', { name: /Imprimer le registre/ })).toBeNull();
  });

  it('pages through the register, 50 acts a page', async () => {
    const { calls } = signedInAs(['ROLE_INSTRUCTEUR'], {
      'GET /api/acts': ok(pageOf([ACT], { total: 120, pages: 3 })),
    });
    renderApp('/registre');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queryOf(actsCalls(calls).at(-1)).get('page')).toBe('2'));
  });

  it('an applicant is told the register is not theirs, and nothing is asked', async () => {
    const { calls } = signedInAs(['ROLE_DEMANDEUR']);
    renderApp('/registre');
    expect(
      await screen.findByText('Le registre des actes est réservé aux instructeurs et aux administrateurs.'),
    ).toBeTruthy();
    expect(actsCalls(calls)).toEqual([]);
  });

  it("an administrator sets the number format: the domain's rule first, then the server's refusal on the field", async () => {
    const refusal = {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        message: 'Requête invalide',
        errors: [{ path: 'format', message: ACT_REGISTER_MESSAGES.formatActes }],
      },
    };
    const answers = [
      refusal,
      ok({ ...NUMBERING, format: 'V{AAAA}_{NNNN}', example: 'V2026_0001' }, 'Format enregistré.'),
    ];
    const { calls } = signedInAs(['ROLE_ADMIN'], { 'PUT /api/acts/numbering': () => answers.shift()! });
    renderApp('/registre');
    const section = await screen.findByRole('region', { name: "Format des numéros d'actes" });
    const format = await within(section).findByLabelText<HTMLInputElement>('Format');
    expect(format.value).toBe('{AAAA}_{NNNNN}');
    expect(within(section).getByText("Premier numéro de l'année : 2026_00001")).toBeTruthy();
    const user = userEvent.setup();
    const save = within(section).getByRole('button', { name: 'Enregistrer' });

    await user.clear(format);
    await user.type(format, 'ARRETE_{{NNNNN}');
    await user.click(save);
    expect(await within(section).findByText(ACT_REGISTER_MESSAGES.formatTokens)).toBeTruthy();
    expect(format.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(format);
    await user.type(format, 'VOIRIE{{AAAA}_{{NNNN}');
    await user.click(save);
    expect(await within(section).findByText(ACT_REGISTER_MESSAGES.formatActes)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({ format: 'VOIRIE{AAAA}_{NNNN}' });

    await user.clear(format);
    await user.type(format, 'V{{AAAA}_{{NNNN}');
    await user.click(save);
    expect(await screen.findByText('Format enregistré.')).toBeTruthy();
    expect(await within(section).findByText("Premier numéro de l'année : V2026_0001")).toBeTruthy();
    const saved = within(section).getByLabelText<HTMLInputElement>('Format');
    expect([saved.value, saved.getAttribute('aria-invalid')]).toEqual(['V{AAAA}_{NNNN}', 'false']);
  });

  it('an instructor gets the ACTES package and enters the prefecture’s acknowledgement, checked first', async () => {
    const { calls } = signedInAs(['ROLE_INSTRUCTEUR'], {
      'PUT /api/acts/2026_00001/transmission': ok(
        { required: true, receivedOn: '2026-01-06', identifier: '040-244000865-20260105-2026_00001-AI' },
        "L'accusé de réception a été enregistré.",
      ),
    });
    renderApp('/registre');
    const row = (await screen.findByRole('rowheader', { name: '2026_00001' })).closest('tr')!;
    expect(
      within(row).getByRole('link', { name: "Paquet ACTES de l'acte 2026_00001" }).getAttribute('href'),
    ).toBe('/api/acts/2026_00001/actes.zip');
    const user = userEvent.setup();
    await user.click(
      within(row).getByRole('button', { name: "Saisir l'accusé de réception de l'acte 2026_00001" }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Accusé de réception de l'acte 2026_00001" });
    const date = within(dialog).getByLabelText<HTMLInputElement>(/Date de l'accusé de réception/);
    await user.clear(date);
    await user.type(date, '2026-01-06');
    await user.type(within(dialog).getByLabelText(/Identifiant ACTES/), 'AR 12');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(ACT_TRANSMISSION_MESSAGES.identifier)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    const identifier = within(dialog).getByLabelText(/Identifiant ACTES/);
    await user.clear(identifier);
    await user.type(identifier, '040-244000865-20260105-2026_00001-AI');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("L'accusé de réception a été enregistré.")).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({
      receivedOn: '2026-01-06',
      identifier: '040-244000865-20260105-2026_00001-AI',
    });
  });

  it('an instructor retries a failed publication when the API offers it: failed again, then published', async () => {
    const TRAFFIC: RegisteredAct = {
      ...ACT,
      number: '2026_00002',
      nature: 'traffic',
      natureLabel: 'Arrêté de police de la circulation',
      transmission: { required: false, receivedOn: null, identifier: null },
      publication: {
        publishedAt: null,
        late: false,
        sealed: false,
        pdfa: false,
        error: 'Ghostscript a échoué',
      },
      abilities: { retryPublication: true },
    };
    const PUBLISHED: RegisteredAct = {
      ...TRAFFIC,
      publication: { ...TRAFFIC.publication!, publishedAt: '2026-01-05T09:00:00.000Z', error: null },
      abilities: { retryPublication: false },
    };
    // The register as the API gives it: failed until the second attempt publishes it.
    let current = TRAFFIC;
    const attempts = [
      () => ok(TRAFFIC, ACT_PUBLICATION_MESSAGES.failed('2026_00002')),
      () => {
        current = PUBLISHED;
        return ok(PUBLISHED, ACT_PUBLICATION_MESSAGES.published('2026_00002'));
      },
    ];
    const { calls } = signedInAs(['ROLE_INSTRUCTEUR'], {
      'GET /api/acts': () => ok(pageOf([ACT, current])),
      'POST /api/acts/2026_00002/publication': () => attempts.shift()!(),
    });
    renderApp('/registre');
    const row = (await screen.findByRole('rowheader', { name: '2026_00002' })).closest('tr')!;
    expect(within(row).getByText('Publication en échec, nouvelle tentative automatique')).toBeTruthy();
    // Offered for the failed traffic order only, as the API says.
    const permission = screen.getByRole('rowheader', { name: '2026_00001' }).closest('tr')!;
    expect(within(permission).queryByRole('button', { name: /Réessayer la publication/ })).toBeNull();

    const user = userEvent.setup();
    const retry = within(row).getByRole('button', { name: "Réessayer la publication de l'acte 2026_00002" });
    expect(retry.textContent).toBe('Réessayer la publication');
    await user.click(retry);
    const failed = await screen.findByText(ACT_PUBLICATION_MESSAGES.failed('2026_00002'));
    const alert = failed.closest<HTMLElement>('[role="alert"]')!;
    expect(alert.className).toMatch(/Error/);
    await user.click(within(alert).getByRole('button'));

    await user.click(within(row).getByRole('button', { name: /Réessayer la publication/ }));
    const published = await screen.findByText(ACT_PUBLICATION_MESSAGES.published('2026_00002'));
    expect(published.closest('[role="alert"]')?.className).toMatch(/Success/);
    expect(await within(row).findByText('Publié le 05/01/2026 10:00')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Réessayer la publication/ })).toBeNull();
    expect(within(row).getByRole('link', { name: "Page publique de l'acte 2026_00002" })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/acts/2026_00002/publication',
      '/api/acts/2026_00002/publication',
    ]);
  });

  it('an act of a nature not transmitted says so, with no package', async () => {
    signedInAs(['ROLE_INSTRUCTEUR'], {
      'GET /api/acts': ok(
        pageOf([{ ...ACT, transmission: { required: false, receivedOn: null, identifier: null } }]),
      ),
    });
    renderApp('/registre');
    const row = (await screen.findByRole('rowheader', { name: '2026_00001' })).closest('tr')!;
    expect(within(row).getByText('Non transmis au préfet')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /Paquet ACTES/ })).toBeNull();
  });

  it('an administrator chooses the natures transmitted to the prefect', async () => {
    const { calls } = signedInAs(['ROLE_ADMIN'], {
      'PUT /api/acts/transmission': ok(
        { natures: ['permission', 'refusal'] },
        'Les natures des actes transmis au préfet ont été enregistrées.',
      ),
    });
    renderApp('/registre');
    const section = await screen.findByRole('region', { name: 'Transmission au préfet' });
    const user = userEvent.setup();
    await user.click(
      await within(section).findByRole('checkbox', { name: "Arrêté d'alignement individuel" }),
    );
    expect(within(section).queryByRole('checkbox', { name: /circulation/ })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Les natures des actes transmis au préfet ont été enregistrées.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({
      natures: ['permission', 'refusal'],
    });
  });
});
