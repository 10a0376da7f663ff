import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateFr, isMailErrorStatus, mailStatusText, NO_MAIL_HISTORY_MESSAGE } from '@voirie/domain';
import { showToast } from '../../../ui';
import { mailHistoryQueryOptions, resendMail, type MailLogRow } from '../api/requests-list-api';

function MailItem(props: { mail: MailLogRow; onResend: (mail: MailLogRow) => void; isResending: boolean }) {
  const { mail } = props;
  const isError = mail.isError ?? isMailErrorStatus(mail.status);
  const time = new Date(mail.createdAt);
  const at = Number.isNaN(time.getTime())
    ? ''
    : `${formatDateFr(mail.createdAt)} ${time.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' })}`;
  const title = mail.subject || mail.context || 'Mail';
  // Offered only when the API says so (an administrator, a failed mail).
  const resend = mail.abilities?.resend ? (
    <Button
      size="small"
      variant="outlined"
      onClick={() => props.onResend(mail)}
      disabled={props.isResending}
      aria-label={`Renvoyer le mail « ${title} »${mail.to ? ` à ${mail.to}` : ''}`}
    >
      Renvoyer
    </Button>
  ) : undefined;
  return (
    <ListItem divider alignItems="flex-start" secondaryAction={resend} sx={resend ? { pr: 14 } : undefined}>
      <ListItemText
        primary={title}
        secondary={
          <>
            <span>{[at, mail.to ?? mail.stdUser?.email].filter(Boolean).join(' — ')}</span>
            <br />
            <Typography
              component="span"
              variant="body2"
              sx={{ color: isError ? 'error.main' : 'text.primary' }}
            >
              {mail.statusText || mailStatusText(mail.status)}
            </Typography>
          </>
        }
      />
    </ListItem>
  );
}

function MailHistory({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const options = mailHistoryQueryOptions(id);
  const { data, isPending, isError } = useQuery(options);
  const resend = useMutation({
    mutationFn: (mail: MailLogRow) => resendMail(mail.id),
    onSuccess: async (message) => {
      showToast(message, 'success');
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
    },
  });
  if (isPending) return <CircularProgress aria-label="Chargement de l'historique" />;
  if (isError) return <Typography>L'historique des mails n'a pas pu être chargé.</Typography>;
  if (data.length === 0) return <Typography>{NO_MAIL_HISTORY_MESSAGE}</Typography>;
  return (
    <List aria-label="Mails envoyés">
      {data.map((mail) => (
        <MailItem
          key={mail.id}
          mail={mail}
          onResend={(row) => resend.mutate(row)}
          isResending={resend.isPending}
        />
      ))}
    </List>
  );
}

/**
 * The mails sent for a request, with their status texts (docs/screens.md "Notices and errors") and,
 * for administrators, 'Renvoyer' on a failed one.
 */
export function MailHistoryDialog(props: {
  request: { id: number; key: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={props.request !== null}
      onClose={props.onClose}
      aria-labelledby="mail-history-title"
      fullWidth
    >
      <DialogTitle id="mail-history-title">Historique des mails — demande n° {props.request?.id}</DialogTitle>
      <DialogContent>{props.request && <MailHistory id={props.request.key} />}</DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}
