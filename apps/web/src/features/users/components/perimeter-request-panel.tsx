import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { perimeterTypeLabel, type PerimeterRequest, type UserDetail } from '@voirie/domain';
import { useId, useState } from 'react';
import { showToast } from '../../../ui';
import { requestDay, userQueryOptions } from '../../account';
import { decidePerimeterRequest, USERS_KEY } from '../api/users-api';
import { USERS_TEXTS, userDisplayName } from '../model/users-texts';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';

type Decision = 'approve' | 'refuse';

/**
 * A guichet's « demande d'extension de périmètre » on its page, for an administrator
 * (`abilities.decidePerimeterRequest`): the territories asked, those it adds marked, those it
 * would drop named, then « Accorder l'extension » or « Refuser la demande » after a confirmation.
 */
export function PerimeterRequestPanel(props: { user: UserDetail; request: PerimeterRequest }) {
  const { user, request } = props;
  const queryClient = useQueryClient();
  const titleId = useId();
  const [asked, setAsked] = useState<Decision | null>(null);
  const mutation = useMutation({
    mutationFn: (decision: Decision) =>
      decidePerimeterRequest(user.publicId, { requestId: request.id, decision }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(userQueryOptions(user.publicId).queryKey, answer.data);
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      showToast(answer.message, 'success');
      setAsked(null);
    },
  });
  const current = new Set(user.guichetPerimeterIds ?? []);
  const askedIds = new Set(request.perimeters.map((perimeter) => perimeter.id));
  const dropped = user.perimeters.filter((link) => link.kind === 'guichet' && !askedIds.has(link.id));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, mb: 3, borderColor: 'warning.main', maxWidth: 960 }}
    >
      <Typography id={titleId} variant="h6" component="h2">
        {USERS_TEXTS.requestTitle}
      </Typography>
      <Typography variant="body2">{USERS_TEXTS.requestSent(requestDay(request))}</Typography>
      <List dense aria-labelledby={titleId}>
        {request.perimeters.map((perimeter) => (
          <ListItem key={perimeter.id} disableGutters>
            <ListItemText primary={perimeter.libelle} secondary={perimeterTypeLabel(perimeter.type)} />
            {current.has(perimeter.id) ? null : (
              <Chip size="small" color="warning" label={USERS_TEXTS.requestAdded} />
            )}
          </ListItem>
        ))}
      </List>
      {dropped.length > 0 ? (
        <Typography variant="body2">
          {USERS_TEXTS.requestRemoved(dropped.map((link) => link.libelle).join(', '))}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setAsked('approve')}>
          {USERS_TEXTS.approve}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setAsked('refuse')}>
          {USERS_TEXTS.refuse}
        </Button>
      </Box>
      <ConfirmDialog
        {...confirmState(asked, mutation, () => setAsked(null))}
        title={asked === 'refuse' ? USERS_TEXTS.refuseConfirm : USERS_TEXTS.approveConfirm}
        text={`${userDisplayName(user)} — ${user.email}`}
        cancelLabel={USERS_TEXTS.cancel}
        confirmLabel={asked === 'refuse' ? USERS_TEXTS.refuse : USERS_TEXTS.approve}
        destructive={asked === 'refuse'}
      />
    </Paper>
  );
}
