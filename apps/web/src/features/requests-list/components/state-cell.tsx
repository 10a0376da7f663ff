import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import UpdateIcon from '@mui/icons-material/Update';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { IN_SIGNATURE_TOOLTIP, isCompletenessDone, isInSignature } from '@voirie/domain';
import { visuallyHidden } from '../../../ui';
import type { RequestRow } from '../model/row-actions';

export const UPDATE_TOOLTIP = 'Mise à jour du dossier';

/**
 * The state's name (always shown, the tooltip only repeats it), the signature icon in state 3
 * with sendToSign, and for admins 'Mise à jour du dossier' on a request the applicant has
 * completed (state 9: our reading of the spec's admin tooltip).
 */
export function StateCell(props: { row: RequestRow; showUpdateNotice: boolean }) {
  const { row } = props;
  const name = row.state.name;
  const tooltip = row.stateTooltip || name;
  const inSignature = isInSignature(row);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      {inSignature && (
        <Tooltip title={IN_SIGNATURE_TOOLTIP}>
          <HistoryEduIcon
            fontSize="small"
            color="primary"
            aria-hidden={false}
            role="img"
            aria-label={IN_SIGNATURE_TOOLTIP}
          />
        </Tooltip>
      )}
      <Tooltip title={tooltip}>
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {name}
        </Box>
      </Tooltip>
      {props.showUpdateNotice && isCompletenessDone(row.stateId) && (
        <Tooltip title={UPDATE_TOOLTIP}>
          <Box component="span" sx={{ display: 'inline-flex' }}>
            <UpdateIcon fontSize="small" color="action" aria-hidden />
            <Box component="span" sx={visuallyHidden}>
              {UPDATE_TOOLTIP}
            </Box>
          </Box>
        </Tooltip>
      )}
    </Box>
  );
}
