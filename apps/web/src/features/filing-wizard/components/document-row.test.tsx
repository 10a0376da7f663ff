import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DOCUMENT_TYPES } from '../../../test/request-fixtures';
import { DocumentRow } from './document-row';

const PLAN = DOCUMENT_TYPES[0]!;
const MB = 1024 * 1024;

function Harness({
  required = true,
  onChoose = () => undefined,
}: {
  required?: boolean;
  onChoose?: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <DocumentRow
      type={PLAN}
      required={required}
      file={file}
      maxBytes={2 * MB}
      error={undefined}
      onChoose={(chosen) => {
        onChoose();
        setFile(chosen);
      }}
      onRemove={() => setFile(null)}
    />
  );
}

const input = () => document.querySelector<HTMLInputElement>(`#document-${String(PLAN.id)}`)!;

describe('a drop zone of step 5', () => {
  it('names its button after the type and says whether it is mandatory', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { level: 4, name: PLAN.name })).toBeTruthy();
    expect(screen.getByText('Obligatoire')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: `Choisir un fichier : ${PLAN.name}, obligatoire` }),
    ).toBeTruthy();
    render(<Harness required={false} />);
    expect(screen.getByText('Facultatif')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Choisir un fichier : ${PLAN.name}` })).toBeTruthy();
  });

  it('the button opens the file chooser; the chosen file shows its name, size and type, and can be removed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const click = vi.spyOn(input(), 'click');
    await user.click(screen.getByRole('button', { name: /^Choisir un fichier/ }));
    expect(click).toHaveBeenCalled();
    await user.upload(
      input(),
      new File([new Uint8Array(1536 * 1024)], 'plan.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('plan.pdf')).toBeTruthy();
    expect(screen.getByText('1,5 Mo · PDF')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: `Remplacer le fichier : ${PLAN.name}, obligatoire` }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Retirer le fichier de la pièce « ${PLAN.name} »` }));
    expect(screen.queryByText('plan.pdf')).toBeNull();
  });

  it('refuses a wrong type or a file too large before anything is sent, in the domain’s words', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChoose = vi.fn();
    render(<Harness onChoose={onChoose} />);
    await user.upload(input(), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe(
      "Ce type de fichier n'est pas accepté. Types acceptés : PDF, JPEG, PNG.",
    );
    await user.upload(input(), new File([new Uint8Array(2 * MB + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe('Le fichier dépasse la taille maximale de 2 Mo.');
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('takes a file dropped on it', () => {
    render(<Harness />);
    const zone = screen.getByTestId(`document-${String(PLAN.id)}`);
    const file = new File([new Uint8Array(2048)], 'photo.jpg', { type: 'image/jpeg' });
    const dataTransfer = { files: [file], types: ['Files'], dropEffect: 'none' };
    const over = createEvent.dragOver(zone, { dataTransfer });
    fireEvent(zone, over);
    expect(over.defaultPrevented).toBe(true);
    fireEvent.drop(zone, { dataTransfer });
    expect(screen.getByText('photo.jpg')).toBeTruthy();
    expect(screen.getByText('2 Ko · JPEG')).toBeTruthy();
  });
});
