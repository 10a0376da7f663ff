import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { LIST_TABS, stateName } from '@voirie/domain';

/** The legend popup: what each tab holds, with the states it groups (docs/workflow.md "List tabs"). */
export function LegendDialog(props: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="requests-legend-title">
      <DialogTitle id="requests-legend-title">Légende des statuts</DialogTitle>
      <DialogContent>
        <dl>
          {LIST_TABS.map((tab) => (
            <div key={tab.id}>
              <Typography component="dt" sx={{ fontWeight: 700, mt: 1 }}>
                {tab.label}
              </Typography>
              <Typography component="dd" sx={{ ml: 2 }}>
                {tab.description}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  (
                  {tab.criteria
                    .map((criterion) => stateName(criterion.stateId, criterion.sendToSign === true))
                    .join(', ')}
                  )
                </Typography>
              </Typography>
            </div>
          ))}
        </dl>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}
