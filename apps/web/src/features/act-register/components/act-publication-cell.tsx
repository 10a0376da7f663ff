import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parisDateTime, type RegisteredAct } from '@voirie/domain';
import { showToast } from '../../../ui';
import { retryPublication } from '../api/act-register-api';
import { ACT_REGISTER_TEXTS as T } from '../model/act-register-texts';

/** « Réessayer la publication », when the API offers it: the attempt's outcome in a toast. */
function RetryPublicationButton({ number }: { number: string }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryPublication(number),
    onSuccess: (answer) =>
      showToast(answer.message, answer.data.publication?.publishedAt ? 'success' : 'error'),
    // Published, failed again or refused (published meanwhile): the register is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['acts'] }),
  });
  return (
    <Button
      size="small"
      aria-label={T.retryPublicationLabel(number)}
      onClick={() => retry.mutate()}
      loading={retry.isPending}
    >
      {T.retryPublication}
    </Button>
  );
}

/** A regulatory act's publication: its date and time, late or not; failed (with its retry) or pending. */
export function ActPublicationCell({
  act,
  publication,
}: {
  act: RegisteredAct;
  publication: NonNullable<RegisteredAct['publication']>;
}) {
  if (publication.publishedAt === null) {
    return (
      <>
        {publication.error ? T.publicationFailed : T.publicationPending}
        {act.abilities.retryPublication && (
          <Box sx={{ mt: 0.5 }}>
            <RetryPublicationButton number={act.number} />
          </Box>
        )}
      </>
    );
  }
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {T.publishedOn(parisDateTime(publication.publishedAt))}
      </Box>
      {publication.late && (
        <Box component="span" sx={{ display: 'block', color: 'warning.dark', fontWeight: 'bold' }}>
          {T.publicationLate}
        </Box>
      )}
    </>
  );
}
