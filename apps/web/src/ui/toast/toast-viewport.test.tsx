import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, showToast } from './toast-store';
import { ToastViewport } from './toast-viewport';

afterEach(() => act(() => clearToasts()));

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
});
