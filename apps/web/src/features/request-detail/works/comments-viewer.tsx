import { parisDateTime } from '@voirie/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { failureText } from '../../../api';
import { commentsQueryOptions } from './applicant-api';
import { COMMENTS_TEXTS } from './works-texts';

/**
 * The comments viewer (docs/screens.md "Request detail"): a 'Commentaires' button opening every
 * comment of the request in time order (GET request/{id}/comments), each with its author, date and subject.
 */
export function CommentsViewer({ requestId }: { requestId: number }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const comments = useQuery({ ...commentsQueryOptions(requestId), enabled: open });
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="outlined" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {COMMENTS_TEXTS.open}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{COMMENTS_TEXTS.title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {comments.isPending && <CircularProgress size={24} aria-label={COMMENTS_TEXTS.title} />}
          {comments.isError && <Alert severity="error">{failureText(comments.error)}</Alert>}
          {comments.data?.length === 0 && <Typography>{COMMENTS_TEXTS.empty}</Typography>}
          {comments.data && comments.data.length > 0 && (
            <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
              {comments.data.map((comment, index) => (
                <li key={`${comment.at}-${String(index)}`}>
                  <Typography variant="subtitle2" component="p">
                    {[parisDateTime(comment.at), comment.author ?? COMMENTS_TEXTS.system, comment.context]
                      .filter(Boolean)
                      .join(' — ')}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-line' }}>{comment.text}</Typography>
                </li>
              ))}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{COMMENTS_TEXTS.close}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
