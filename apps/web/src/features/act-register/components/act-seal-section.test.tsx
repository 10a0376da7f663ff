import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEAL_MESSAGES, type ActRegisterPage, type SealStatus } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const EMPTY: ActRegisterPage = { data: [], total: 0, page: 1, pages: 0, years: [] };
const NONE: SealStatus = {
  configured: false,
  holder: null,
  issuer: null,
  notBefore: null,
  notAfter: null,
  expired: false,
  readable: false,
  updatedAt: null,
};
const SET: SealStatus = {
  configured: true,
  holder: 'Communauté de communes MACS',
  issuer: 'Autorité de certification',
  notBefore: '2026-01-01T10:00:00.000Z',
  notAfter: '2028-12-31T10:00:00.000Z',
  expired: false,
  readable: true,
  updatedAt: '2026-11-30T10:00:00.000Z',
};

describe('the seal on /registre', { timeout: 30_000 }, () => {
  it('no certificate: the register says so; the administrator gives one, a wrong password refused on its field', async () => {
    const refusal = {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        message: SEAL_MESSAGES.wrongPassword,
        errors: [{ path: 'password', message: SEAL_MESSAGES.wrongPassword }],
      },
    };
    const answers = [refusal, ok(SET, SEAL_MESSAGES.saved)];
    signInCookie();
    const { calls } = mockApi({
      'GET /api/config': ok(aConfig()),
      'GET /api/userConnected': ok(aUser({ roles: ['ROLE_ADMIN'] })),
      'GET /api/acts': ok(EMPTY),
      'GET /api/acts/numbering': ok({
        format: '{AAAA}_{NNNNN}',
        defaultFormat: '{AAAA}_{NNNNN}',
        example: '2026_00001',
      }),
      'GET /api/acts/seal': ok(NONE),
      'PUT /api/acts/seal': () => answers.shift()!,
    });
    renderApp('/registre');
    expect(await screen.findByText(SEAL_MESSAGES.none)).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Cachet électronique' });
    const user = userEvent.setup();
    await user.upload(
      within(section).getByLabelText('Certificat (.p12 ou .pfx)'),
      new File([new Uint8Array([0x30, 0x82, 0x01])], 'cachet.p12', { type: 'application/x-pkcs12' }),
    );
    await user.type(within(section).getByLabelText('Mot de passe du certificat'), 'faux');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer le certificat' }));
    expect(await within(section).findByText(SEAL_MESSAGES.wrongPassword)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({ p12: 'MIIB', password: 'faux' });

    await user.click(within(section).getByRole('button', { name: 'Enregistrer le certificat' }));
    expect(await within(section).findByText('Communauté de communes MACS')).toBeTruthy();
    expect(within(section).getByText('du 01/01/2026 au 31/12/2028')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(SEAL_MESSAGES.none)).toBeNull());
  });
});
