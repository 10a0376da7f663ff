import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GroupFormSchema,
  PERIMETER_TYPES,
  type GroupForm,
  type GroupFormInput,
  type Perimeter,
  type PerimeterRef,
} from '@voirie/domain';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { failureText } from '../../../api';
import { showToast, textFieldProps } from '../../../ui';
import { PerimeterPicker } from '../../../shared/perimeter-picker';
import { createGroup, groupQueryOptions, refreshGroups, updateGroup } from '../api/groups-api';
import type { GroupType } from '../model/group-types';
import { GROUPS_TEXTS } from '../model/groups-texts';
import { MandatesSection } from './mandates-section';
import { PerimetersTable } from './perimeters-table';

export interface GroupFormDialogProps {
  type: GroupType;
  /** The group edited; null: a new one. */
  groupId: number | null;
  onClose: () => void;
  /** A new subcontractor stays open, now edited, for its mandates. */
  onCreated: (group: Perimeter) => void;
}

const refsOf = (group: Perimeter | null): PerimeterRef[] => group?.perimeters ?? [];

/**
 * An operator's territories are picked by type: Département, EPCI, Commune (docs/api-groups.md "The
 * screen"), Commune first checked.
 */
const TERRITORY_TYPES = PERIMETER_TYPES.map((option) => option.value);

/**
 * The add or edit form of /groups/{type} (docs/api-groups.md "The screen", docs/validation.md
 * "Operator form"): Nom (libelle) and Siret (code), checked by the domain's GroupFormSchema (14
 * digits and their key); for an operator, its territories picked by type and name into a table; for
 * a subcontractor being edited, its mandates. 'Save' sends POST perimeter or PUT perimeter/{id};
 * the server's refusal (a Siret already taken) shows in the dialog. 'Annuler' closes without saving.
 */
export function GroupFormDialog(props: GroupFormDialogProps) {
  const titleId = useId();
  const existing = useQuery({ ...groupQueryOptions(props.groupId ?? 0), enabled: props.groupId !== null });
  // One dialog for the whole session, its content keyed by the group: a subcontractor just created
  // turns into its edit form inside the same dialog, so the notice shown meanwhile (portalled
  // after it) is not hidden from assistive technology by a dialog opening anew.
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      {props.groupId !== null && !existing.data ? (
        <LoadingContent
          titleId={titleId}
          title={GROUPS_TEXTS.editTitle(props.type)}
          error={existing.isError ? failureText(existing.error) : null}
          onClose={props.onClose}
        />
      ) : (
        <GroupFormContent
          key={props.groupId ?? 'new'}
          {...props}
          titleId={titleId}
          initial={existing.data ?? null}
        />
      )}
    </Dialog>
  );
}

/** The edit form's content while its group loads (or could not be read). */
function LoadingContent(props: {
  titleId: string;
  title: string;
  error: string | null;
  onClose: () => void;
}) {
  return (
    <>
      <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
      <DialogContent>
        {props.error ? (
          <Alert severity="error">{props.error}</Alert>
        ) : (
          <CircularProgress aria-label={GROUPS_TEXTS.loading} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{GROUPS_TEXTS.cancel}</Button>
      </DialogActions>
    </>
  );
}

function GroupFormContent(props: GroupFormDialogProps & { titleId: string; initial: Perimeter | null }) {
  const formId = useId();
  const ids = { name: useId(), siret: useId() };
  const queryClient = useQueryClient();
  const { initial } = props;
  const [chosen, setChosen] = useState<PerimeterRef[]>(refsOf(initial));
  const { register, handleSubmit, setValue, formState } = useForm<GroupFormInput, unknown, GroupForm>({
    resolver: zodResolver(GroupFormSchema),
    defaultValues: {
      type: props.type,
      libelle: initial?.libelle ?? '',
      code: initial?.code ?? '',
      perimeterIds: refsOf(initial).map((perimeter) => perimeter.id),
    },
  });
  const choose = (next: PerimeterRef[]) => {
    setChosen(next);
    setValue(
      'perimeterIds',
      next.map((perimeter) => perimeter.id),
    );
  };
  const mutation = useMutation({
    mutationFn: (form: GroupForm) =>
      props.groupId === null ? createGroup(form) : updateGroup(props.groupId, form),
    onSuccess: async (answer) => {
      await refreshGroups(queryClient);
      queryClient.setQueryData(groupQueryOptions(answer.data.id).queryKey, answer.data);
      showToast(answer.message, 'success');
      if (props.groupId === null && props.type === 'soustraitant') props.onCreated(answer.data);
      else props.onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) void handleSubmit((form) => mutation.mutate(form))();
  };
  // 'Save' sits in the dialog's actions, outside the form (the mandates between are not part of
  // it): Enter in a field submits here, unless a field used it (an autocomplete's choice).
  const submitOnEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement) || event.target.type === 'radio') return;
    submit(event);
  };
  const { errors } = formState;
  return (
    <>
      <DialogTitle id={props.titleId}>
        {props.groupId === null ? GROUPS_TEXTS.addTitle(props.type) : GROUPS_TEXTS.editTitle(props.type)}
      </DialogTitle>
      <DialogContent>
        {mutation.isError ? (
          <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {failureText(mutation.error)}
          </Alert>
        ) : null}
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={submit}
          onKeyDown={submitOnEnter}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            id={ids.name}
            label={GROUPS_TEXTS.name}
            required
            autoComplete="organization"
            {...textFieldProps(register('libelle'), errors.libelle)}
          />
          <TextField
            id={ids.siret}
            label={GROUPS_TEXTS.siret}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...textFieldProps(register('code'), errors.code)}
          />
          {props.type === 'operator' ? (
            <>
              <PerimeterPicker
                label={GROUPS_TEXTS.perimeter}
                hint={GROUPS_TEXTS.perimeterHint}
                types={TERRITORY_TYPES}
                initialType="town"
                chosen={chosen}
                onAdd={(perimeter) =>
                  choose([
                    ...chosen,
                    {
                      id: perimeter.id,
                      libelle: perimeter.libelle,
                      type: perimeter.type as PerimeterRef['type'],
                    },
                  ])
                }
              />
              <PerimetersTable
                perimeters={chosen}
                onRemove={(id) => choose(chosen.filter((perimeter) => perimeter.id !== id))}
              />
              {errors.perimeterIds ? <Alert severity="error">{errors.perimeterIds.message}</Alert> : null}
            </>
          ) : null}
        </Box>
        {props.type === 'soustraitant' ? (
          props.groupId === null ? (
            <Typography variant="body2" sx={{ mt: 2 }}>
              {GROUPS_TEXTS.mandatesAfterSave}
            </Typography>
          ) : (
            <MandatesSection groupId={props.groupId} />
          )
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{GROUPS_TEXTS.cancel}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={mutation.isPending}>
          <span lang="en">{GROUPS_TEXTS.save}</span>
        </Button>
      </DialogActions>
    </>
  );
}
