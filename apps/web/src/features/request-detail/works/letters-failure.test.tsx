import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { aDocument } from '../model/detail-fixtures';
import { ARCHIVABLE_FORMAL_NOTICE, NO_LETTERS, renderLettersBlock } from './works-test-harness';

// A letter call that fails says 'Erreur lors de l'ouverture du courrier : …' (docs/screens.md
// "Notices and errors") in a notice that stays 5 s, where other notices stay 3 s (docs/constants.md
// "Limits and timings"): checked on a fake clock.

const FAILURE = "Erreur lors de l'ouverture du courrier : Erreur interne du serveur";
const SERVER_ERROR = { status: 500, body: { success: false, message: 'boom' } };

const render = renderLettersBlock;
/** Lets `ms` pass on the fake clock. */
function elapse(ms: number): void {
  // A synchronous act: the timers fire and React renders before it returns.
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(() => vi.useRealTimers());

describe('a failed letter call', { timeout: 30_000 }, () => {
  it('an edited letter refused: the notice, not an alert in the dialog, for 5 s', async () => {
    // The clock also runs by itself, so that the calls and the user's typing go on.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'PUT /api/request/42/letters/minutes': SERVER_ERROR });
    const { user } = render({
      stateId: 7,
      actions: ['recordReception', 'generateLetter'],
      letters: { ...NO_LETTERS, minutes: { docx: aDocument(52, 108), pdf: null, sentAt: null } },
    });
    await user.click(await screen.findByRole('button', { name: 'Modifier le procès-verbal' }));
    const form = await screen.findByRole('dialog', { name: 'Modifier le procès-verbal' });
    const docx = new File(['PK'], 'pv-reception-42.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await user.upload(within(form).getByLabelText(/Procès-verbal modifié/), docx);
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect((await screen.findByRole('alert')).textContent).toContain(FAILURE);
    expect(within(form).queryByText(FAILURE)).toBeNull();
    elapse(4500);
    expect(screen.getByRole('alert').textContent).toContain(FAILURE);
    elapse(700);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("'Envoyer à la GED' refused: the same notice for 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'POST /api/document/elise/51': SERVER_ERROR });
    const { user } = render(ARCHIVABLE_FORMAL_NOTICE);
    await user.click(await screen.findByRole('button', { name: 'Envoyer à la GED' }));
    expect((await screen.findByRole('alert')).textContent).toContain(FAILURE);
    elapse(4500);
    expect(screen.getByRole('alert').textContent).toContain(FAILURE);
    elapse(700);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
