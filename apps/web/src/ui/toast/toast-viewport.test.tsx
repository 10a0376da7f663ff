import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showToast } from './toast-store';
import { ToastViewport } from './toast-viewport';

/** A dialog opened from another one, as the 14024 is completed from the decision. */
function Nested({ innerOpen }: { innerOpen: boolean }) {
  return (
    <>
      <ToastViewport />
      <Dialog open aria-labelledby="outer-title">
        <DialogTitle id="outer-title">Décision</DialogTitle>
      </Dialog>
      <Dialog open={innerOpen} aria-labelledby="inner-title" transitionDuration={0}>
        <DialogTitle id="inner-title">Compléter</DialogTitle>
      </Dialog>
    </>
  );
}

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

/** Lets `ms` pass on the fake clock, React rendering what the timers do. */
function elapse(ms: number): void {
  // A synchronous act: the timers fire and React renders before it returns.
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toasts', () => {
  it('are announced while a dialog stays open (the dialog hides the rest of the page)', () => {
    render(
      <>
        <ToastViewport />
        <Dialog open aria-labelledby="dialog-title">
          <DialogTitle id="dialog-title">Réception des travaux</DialogTitle>
        </Dialog>
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Réception des travaux' })).toBeTruthy();
    act(() => showToast('Le courrier a été généré.', 'success'));
    // Not under an aria-hidden sibling of the dialog: the alert is in the accessibility tree.
    expect(screen.getByRole('alert').textContent).toContain('Le courrier a été généré.');
  });

  it("show at the bottom centre; a document's error at the bottom right", () => {
    render(<ToastViewport />);
    act(() => showToast('Dossier réceptionné.', 'success'));
    const notice = screen.getByRole('alert').closest('.MuiSnackbar-root');
    expect(notice?.className).toContain('MuiSnackbar-anchorOriginBottomCenter');
    act(() => clearToasts());
    act(() => showToast("Erreur lors de l'ouverture du courrier : refusé", 'error', { topic: 'document' }));
    const failure = screen.getByRole('alert').closest('.MuiSnackbar-root');
    expect(failure?.className).toContain('MuiSnackbar-anchorOriginBottomRight');
  });

  it('stay announced when a dialog opened over another closes (MUI hands the page back to the first one)', async () => {
    const { rerender } = render(<Nested innerOpen />);
    act(() => showToast('Le cerfa 14024 a été enregistré.', 'success'));
    rerender(<Nested innerOpen={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Compléter' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Décision' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Le cerfa 14024 a été enregistré.'),
    );
  });

  it('keeps an order, letter or template error 5 s, and any other notice 3 s (docs/constants.md)', () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    act(() =>
      showToast("Erreur lors de l'ouverture du courrier : Erreur interne du serveur", 'error', {
        topic: 'document',
      }),
    );
    act(() => showToast('Le courrier a été généré.', 'success'));
    expect(screen.getByRole('alert').textContent).toContain("Erreur lors de l'ouverture du courrier");
    elapse(4900);
    expect(screen.getByRole('alert').textContent).toContain("Erreur lors de l'ouverture du courrier");
    elapse(200);
    // Then the next one, for 3 s.
    expect(screen.getByRole('alert').textContent).toContain('Le courrier a été généré.');
    elapse(2900);
    expect(screen.getByRole('alert').textContent).toContain('Le courrier a été généré.');
    elapse(200);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps any other error 3 s', () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    act(() => showToast('Erreur interne du serveur', 'error'));
    elapse(2900);
    expect(screen.getByRole('alert')).toBeTruthy();
    elapse(200);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
