import { screen, waitFor, within } from '@testing-library/react';
import { MAIL_STATUS_TEXTS } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import type { MailLogRow } from '../api/requests-list-api';
import { MailHistoryDialog } from './mail-history-dialog';

const failed: MailLogRow = {
  id: 5,
  mailjetId: null,
  stdUser: { picture: null, email: 'marie.durand@exemple.fr' },
  status: 'failed',
  statusText: MAIL_STATUS_TEXTS.failed,
  isError: true,
  subject: 'Arrêté signé — demande n° 12',
  to: 'marie.durand@exemple.fr',
  context: "Envoi de l'arrêté signé",
  createdAt: '2026-03-02T09:15:00.000Z',
  abilities: { resend: true },
};
const sent: MailLogRow = {
  id: 4,
  mailjetId: '<4@portail>',
  stdUser: { picture: null, email: 'marie.durand@exemple.fr' },
  status: 'sent',
  statusText: MAIL_STATUS_TEXTS.sent,
  isError: false,
  subject: 'Votre demande n° 12 a bien été déposée',
  to: 'marie.durand@exemple.fr',
  context: 'Dépôt de la demande',
  createdAt: '2026-03-01T09:15:00.000Z',
  abilities: { resend: false },
};
const RESEND_LABEL = 'Renvoyer le mail « Arrêté signé — demande n° 12 » à marie.durand@exemple.fr';

function renderDialog() {
  return renderWithQuery(<MailHistoryDialog request={{ id: 12, key: 'abc-opaque' }} onClose={vi.fn()} />);
}

describe('MailHistoryDialog', () => {
  it("shows 'échec' and, where the API allows it, 'Renvoyer', reachable from the keyboard; resending refreshes the list", async () => {
    let resent = false;
    const { calls } = mockApi({
      'GET /api/mails/abc-opaque': () =>
        ok(
          resent
            ? [
                {
                  ...failed,
                  status: 'queued',
                  statusText: MAIL_STATUS_TEXTS.queued,
                  isError: false,
                  abilities: { resend: false },
                },
                sent,
              ]
            : [failed, sent],
        ),
      'POST /api/mails/5/resend': () => {
        resent = true;
        return ok({ ...failed, status: 'queued' }, "Le mail a été remis en file d'envoi.");
      },
    });
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: /Historique des mails/ });
    expect(await within(dialog).findByText("Échec : le mail n'a pas pu être envoyé")).toBeTruthy();
    // One button, on the failed mail only.
    expect(within(dialog).getAllByRole('button', { name: /^Renvoyer/ })).toHaveLength(1);

    // From the keyboard: Tab reaches 'Renvoyer', Enter resends.
    const button = within(dialog).getByRole('button', { name: RESEND_LABEL });
    for (let i = 0; i < 5 && document.activeElement !== button; i++) await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/mails/5/resend')).toBe(true),
    );
    expect(await within(dialog).findByText(MAIL_STATUS_TEXTS.queued)).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /^Renvoyer/ })).toBeNull());
  });

  it("shows 'échec' without 'Renvoyer' when the API does not offer it (not an administrator)", async () => {
    mockApi({ 'GET /api/mails/abc-opaque': ok([{ ...failed, abilities: { resend: false } }]) });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: /Historique des mails/ });
    expect(await within(dialog).findByText("Échec : le mail n'a pas pu être envoyé")).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Renvoyer/ })).toBeNull();
  });
});
