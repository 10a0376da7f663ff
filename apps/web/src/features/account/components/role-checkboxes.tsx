import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import type { Role, RoleOption } from '@voirie/domain';
import { USER_FORM_LABELS } from '../model/user-form';

/**
 * The role checkboxes (docs/api-users.md "Role and perimeter rules"): each enabled only where the domain's
 * roleOptions says so (an admin freely; an operator or subcontractor its role only; guichet and
 * gestionnaire between them; nothing for a non-admin, its own roles included).
 */
export function RoleCheckboxes(props: {
  options: readonly RoleOption[];
  value: readonly string[];
  onChange: (roles: string[]) => void;
}) {
  const toggle = (role: Role, checked: boolean) =>
    props.onChange(checked ? [...props.value, role] : props.value.filter((value) => value !== role));
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{USER_FORM_LABELS.roles}</FormLabel>
      <FormGroup row>
        {props.options.map((option) => (
          <FormControlLabel
            key={option.role}
            label={option.label}
            disabled={!option.enabled}
            control={
              <Checkbox
                checked={props.value.includes(option.role)}
                onChange={(event) => toggle(option.role, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
