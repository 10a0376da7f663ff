import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DATA_PROTECTION_NOTICE } from '@voirie/domain';

interface DataProtectionDialogProps {
  open: boolean;
  onAccept: () => void;
  onBack: () => void;
}

/**
 * The data-protection notice the applicant accepts before the account is created (docs/screens.md
 * "Sign-in and registration").
 */
export function DataProtectionDialog({ open, onAccept, onBack }: DataProtectionDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onBack}
      aria-labelledby="data-protection-title"
      aria-describedby="data-protection-text"
    >
      <DialogTitle id="data-protection-title" component="h2">
        {DATA_PROTECTION_NOTICE.title}
      </DialogTitle>
      <DialogContent id="data-protection-text">
        {DATA_PROTECTION_NOTICE.paragraphs.map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 1.5 }}>
            {paragraph}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack}>Retour</Button>
        <Button onClick={onAccept} variant="contained">
          Valider
        </Button>
      </DialogActions>
    </Dialog>
  );
}
