import { ConfirmDialog } from '../../../ui/confirm-dialog';

/** Confirmation before cancelling a request from the list. */
export function CancelDialog(props: {
  requestId: number | null;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={props.requestId !== null}
      title="Annuler la demande"
      text={<>Voulez-vous vraiment annuler la demande n° {props.requestId} ? Cette action est définitive.</>}
      cancelLabel="Non"
      confirmLabel="Oui, annuler la demande"
      destructive
      pending={props.isPending}
      onConfirm={props.onConfirm}
      onCancel={props.onClose}
    />
  );
}
