import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { INVITATION_MESSAGES } from '@voirie/domain';
import { showToast, usePageTitle } from '../../../ui';
import { acceptInvitation, fetchInvitation } from '../api/invitation-api';

const invitationRoute = getRouteApi('/app/invitation/$token');

/**
 * The link mailed to a party whose address the filer typed: once signed in with the
 * account of that address, the person accepts and the request joins their dossiers.
 */
export function InvitationPage() {
  usePageTitle(INVITATION_MESSAGES.title);
  const { token } = invitationRoute.useParams();
  const navigate = useNavigate();
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => fetchInvitation(token),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (answer) => {
      showToast(answer.message || INVITATION_MESSAGES.accepted, 'success');
      void navigate({ to: '/dossiers/$id', params: { id: answer.data.publicId } });
    },
  });
  const summary = invitation.data?.data;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {INVITATION_MESSAGES.title}
      </Typography>
      {invitation.isError && <Alert severity="error">{invitation.error.message}</Alert>}
      {summary && (
        <>
          <Typography>{INVITATION_MESSAGES.intro(summary.party, summary.requestNumber)}</Typography>
          <Typography>{INVITATION_MESSAGES.explain}</Typography>
          {!summary.forThisAccount && <Alert severity="warning">{INVITATION_MESSAGES.otherAddress}</Alert>}
          <Button
            variant="contained"
            sx={{ justifySelf: 'start' }}
            disabled={!summary.forThisAccount || accept.isPending}
            onClick={() => accept.mutate()}
          >
            {INVITATION_MESSAGES.accept}
          </Button>
        </>
      )}
    </Box>
  );
}
