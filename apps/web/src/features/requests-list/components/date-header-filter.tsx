import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, type KeyboardEvent, type MouseEvent } from 'react';
import { DateRangePickers } from './date-range-filter';

/** The header of a date column: its title and the button of its range filter (highlighted when set). */
export function DateFilterHeader(props: {
  title: string;
  /** The button's label, e.g. 'Filtrer la colonne Dépôt'. */
  label: string;
  active: boolean;
  open: boolean;
  onOpen: (anchor: HTMLElement) => void;
}) {
  // The header sorts on click and on Enter: the button's events stay in the button.
  const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      <span>{props.title}</span>
      <IconButton
        size="small"
        aria-label={props.active ? `${props.label} (filtre actif)` : props.label}
        aria-haspopup="dialog"
        aria-expanded={props.open}
        color={props.active ? 'primary' : 'default'}
        onMouseDown={stop}
        onKeyDown={stop}
        onClick={(event) => {
          event.stopPropagation();
          props.onOpen(event.currentTarget);
        }}
      >
        <FilterListIcon fontSize="inherit" />
      </IconButton>
    </Box>
  );
}

/**
 * The range filter of a date column, under its header: 'Du' and 'Au' French pickers (inclusive,
 * DD/MM/YYYY) and 'Effacer'. The dialog takes the keyboard (Tab to 'Du'); each valid change
 * applies at once; Escape closes and gives the keyboard back to the header's button.
 */
export function DateFilterPopover(props: {
  /** The dialog's name, e.g. 'Filtrer la colonne Dépôt'. */
  title: string;
  anchor: HTMLElement | null;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | null, to: string | null) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Popover
      open={props.anchor !== null}
      anchorEl={props.anchor}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      // The pickers' calendars open outside the popover: they must be able to take the focus.
      disableEnforceFocus
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, maxWidth: 320 } } }}
    >
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 1.5 }}>
        {props.title}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <DateRangePickers
          fromLabel="Du"
          toLabel="Au"
          from={props.from}
          to={props.to}
          onChange={props.onChange}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            disabled={!props.from && !props.to}
            onClick={() => {
              props.onChange(null, null);
              props.onClose();
            }}
          >
            Effacer
          </Button>
        </Box>
      </Box>
    </Popover>
  );
}
