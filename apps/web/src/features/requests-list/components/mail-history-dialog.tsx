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
import { useQuery } from '@tanstack/react-query';
import { formatDateFr, isMailErrorStatus, mailStatusText, NO_MAIL_HISTORY_MESSAGE } from '@voirie/domain';
import { mailHistoryQueryOptions, type MailLogRow } from '../api/requests-list-api';

function MailItem({ mail }: { mail: MailLogRow }) {
  const isError = mail.isError ?? isMailErrorStatus(mail.status);
  const time = new Date(mail.createdAt);
  const at = Number.isNaN(time.getTime())
    ? ''
    : `${formatDateFr(mail.createdAt)} ${time.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' })}`;
  return (
    <ListItem divider alignItems="flex-start">
      <ListItemText
        primary={mail.subject || mail.context || 'Mail'}
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
  const { data, isPending, isError } = useQuery(mailHistoryQueryOptions(id));
  if (isPending) return <CircularProgress aria-label="Chargement de l'historique" />;
  if (isError) return <Typography>L'historique des mails n'a pas pu être chargé.</Typography>;
  if (data.length === 0) return <Typography>{NO_MAIL_HISTORY_MESSAGE}</Typography>;
  return (
    <List aria-label="Mails envoyés">
      {data.map((mail) => (
        <MailItem key={mail.id} mail={mail} />
      ))}
    </List>
  );
}

/** The mails sent for a request, with their status texts (spec 1 §8). */
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
