import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { DeadlineFilter } from '@voirie/domain';
import { DEADLINE_FILTER_OPTIONS, DEADLINE_TEXTS, isDeadlineFilter } from '../model/deadline';

/**
 * The deadline quick filters ('Échéance < 7 jours', 'Dépassée'): two toggle buttons, one at a
 * time; pressing the pressed one shows every request again.
 */
export function DeadlineFilterButtons(props: {
  value: DeadlineFilter | undefined;
  onChange: (deadline: DeadlineFilter | null) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label={DEADLINE_TEXTS.filters}
      value={props.value ?? null}
      onChange={(_event, value: unknown) => props.onChange(isDeadlineFilter(value) ? value : null)}
    >
      {DEADLINE_FILTER_OPTIONS.map((option) => (
        <ToggleButton key={option.value} value={option.value}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
