import CancelIcon from '@mui/icons-material/Cancel';
import MailIcon from '@mui/icons-material/Mail';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { canCancelFromList, canLocate, detailId, hasAbility, type RequestRow } from '../model/row-actions';

export interface RowActionHandlers {
  onLocate: (row: RequestRow) => void;
  onCancel: (row: RequestRow) => void;
  onShowMails: (row: RequestRow) => void;
}

/** Compact icon buttons (28 px, above the 24 px minimum target): the four fit a narrow column. */
const ICON_BUTTON_SX = { p: 0.5 } as const;

/** The row's actions, as the API's abilities allow (cancel never on En travaux). */
export function RowActionsCell(props: { row: RequestRow; tab: number | undefined } & RowActionHandlers) {
  const { row } = props;
  const label = (action: string) => `${action} n° ${row.id}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
      {hasAbility(row, 'open') && (
        <Tooltip title="Ouvrir la demande">
          <IconButton
            component="a"
            href={`/dossiers/${encodeURIComponent(detailId(row))}`}
            target="_blank"
            rel="noopener noreferrer"
            size="small"
            sx={ICON_BUTTON_SX}
            aria-label={label('Ouvrir la demande')}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canLocate(row) && (
        <Tooltip title="Localiser sur la carte">
          <IconButton
            size="small"
            sx={ICON_BUTTON_SX}
            aria-label={label('Localiser sur la carte')}
            onClick={() => props.onLocate(row)}
          >
            <MyLocationIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canCancelFromList(row, props.tab) && (
        <Tooltip title="Annuler la demande">
          <IconButton
            size="small"
            sx={ICON_BUTTON_SX}
            color="error"
            aria-label={label('Annuler la demande')}
            aria-haspopup="dialog"
            onClick={() => props.onCancel(row)}
          >
            <CancelIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {hasAbility(row, 'mails') && (
        <Tooltip title="Historique des mails">
          <IconButton
            size="small"
            sx={ICON_BUTTON_SX}
            aria-label={label('Historique des mails')}
            aria-haspopup="dialog"
            onClick={() => props.onShowMails(row)}
          >
            <MailIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
