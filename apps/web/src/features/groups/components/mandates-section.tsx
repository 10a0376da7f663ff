import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MANDATE_STATUS_LABELS,
  MandateFormSchema,
  formatDateFr,
  type MandateForm,
  type MandateFormInput,
} from '@voirie/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { failureText } from '../../../api';
import { showToast } from '../../../ui';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { ControlledDate } from '../../../ui/date-draft';
import { ActionsCell, ColumnHead, EmptyRow } from '../../../ui/table-parts';
import { usePerimeterSuggestions } from '../../../shared/use-perimeter-suggestions';
import { addMandate, deleteMandate, mandatesQueryOptions, type PerimeterItem } from '../api/groups-api';
import { GROUPS_TEXTS } from '../model/groups-texts';

const EMPTY = { operatorId: undefined, dateFrom: '', dateTo: null } as unknown as MandateFormInput;

/**
 * A subcontractor's mandates: the operators it files for, from, to (none: no end),
 * each with its status today and its removal; below, the operator (autocomplete), Du, Au and
 * 'Ajouter le mandat'. Each change is saved at once (its own call), outside the group's form.
 */
export function MandatesSection(props: { groupId: number }) {
  const headingId = useId();
  const operatorId = useId();
  const queryClient = useQueryClient();
  const mandates = useQuery(mandatesQueryOptions(props.groupId));
  const [operatorText, setOperatorText] = useState('');
  const [operator, setOperator] = useState<PerimeterItem | null>(null);
  const suggestions = usePerimeterSuggestions('operator', operatorText);
  const { control, handleSubmit, reset, setValue, formState } = useForm<
    MandateFormInput,
    unknown,
    MandateForm
  >({
    resolver: zodResolver(MandateFormSchema),
    defaultValues: EMPTY,
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: mandatesQueryOptions(props.groupId).queryKey });
  const adding = useMutation({
    mutationFn: (form: MandateForm) => addMandate(props.groupId, form),
    onSuccess: async (answer) => {
      await refresh();
      showToast(answer.message, 'success');
      reset(EMPTY);
      setOperator(null);
      setOperatorText('');
    },
  });
  const removing = useMutation({
    mutationFn: (mandateId: number) => deleteMandate(props.groupId, mandateId),
    onSuccess: async (answer) => {
      await refresh();
      showToast(answer.message, 'success');
    },
  });
  const failure = adding.error ?? removing.error;
  const { errors } = formState;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3, display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h3">
        {GROUPS_TEXTS.mandates}
      </Typography>
      <Typography variant="body2">{GROUPS_TEXTS.mandatesHint}</Typography>
      {failure ? <Alert severity="error">{failureText(failure)}</Alert> : null}
      <Table size="small" aria-labelledby={headingId}>
        <ColumnHead
          columns={[
            GROUPS_TEXTS.operator,
            GROUPS_TEXTS.dateFrom,
            GROUPS_TEXTS.dateToColumn,
            GROUPS_TEXTS.status,
            { label: GROUPS_TEXTS.actions, align: 'right' },
          ]}
        />
        <TableBody>
          {mandates.data?.length === 0 ? <EmptyRow columns={5} text={GROUPS_TEXTS.noMandate} /> : null}
          {(mandates.data ?? []).map((mandate) => (
            <TableRow key={mandate.id}>
              <TableCell>{mandate.operatorLibelle}</TableCell>
              <TableCell>{formatDateFr(mandate.dateFrom)}</TableCell>
              <TableCell>{mandate.dateTo ? formatDateFr(mandate.dateTo) : GROUPS_TEXTS.noEnd}</TableCell>
              <TableCell>{MANDATE_STATUS_LABELS[mandate.status]}</TableCell>
              <ActionsCell
                actions={[
                  {
                    label: GROUPS_TEXTS.removeMandate(mandate.operatorLibelle),
                    icon: <DeleteIcon />,
                    disabled: removing.isPending,
                    onClick: () => removing.mutate(mandate.id),
                  },
                ]}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Autocomplete<PerimeterItem>
        id={operatorId}
        options={suggestions.data ?? []}
        value={operator}
        inputValue={operatorText}
        loading={suggestions.isFetching}
        filterOptions={(found) => found}
        getOptionLabel={(option) => option.libelle}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        noOptionsText={GROUPS_TEXTS.noResult}
        loadingText={GROUPS_TEXTS.loading}
        onInputChange={(_event, value) => setOperatorText(value)}
        onChange={(_event, option) => {
          setOperator(option);
          setValue('operatorId', option?.id as number, { shouldValidate: formState.isSubmitted });
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={GROUPS_TEXTS.operator}
            required
            error={Boolean(errors.operatorId)}
            helperText={errors.operatorId?.message}
          />
        )}
      />
      <DatePickersProvider>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <ControlledDate control={control} name="dateFrom" label={GROUPS_TEXTS.dateFrom} required blank="" />
          <ControlledDate control={control} name="dateTo" label={GROUPS_TEXTS.dateTo} />
        </Box>
      </DatePickersProvider>
      <Box>
        <Button
          variant="outlined"
          disabled={adding.isPending}
          onClick={() => void handleSubmit((form) => adding.mutate(form))()}
        >
          {GROUPS_TEXTS.addMandate}
        </Button>
      </Box>
    </Box>
  );
}
