import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { instructorsQueryOptions } from './instructor-api';
import { PHOTO_TEXTS } from './photo-files';
import { PhotoInput } from './photo-input';
import { DISTURBANCE_TEXTS, type ReportErrors, type ReportValues } from './road-disturbance-form';
import { DisturbancePlace } from './road-disturbance-place';

export interface DisturbanceReportFieldsProps {
  values: ReportValues;
  errors: ReportErrors;
  onChange: (changes: Partial<ReportValues>) => void;
  requestPoint: readonly [number, number] | null;
}

/** The report's fields: the witness (GET instructors), a comment, the photos and the place. */
export function DisturbanceReportFields({
  values,
  errors,
  onChange,
  requestPoint,
}: DisturbanceReportFieldsProps) {
  const ids = { witness: useId(), comment: useId() };
  const instructors = useQuery(instructorsQueryOptions());
  return (
    <>
      {instructors.isError && <Alert severity="error">{DISTURBANCE_TEXTS.instructorsFailed}</Alert>}
      <TextField
        id={ids.witness}
        select
        required
        label={DISTURBANCE_TEXTS.witness}
        value={values.witnessId === null ? '' : String(values.witnessId)}
        onChange={(event) => onChange({ witnessId: event.target.value ? Number(event.target.value) : null })}
        error={Boolean(errors.witnessId)}
        helperText={errors.witnessId}
      >
        {(instructors.data ?? []).map((instructor) => (
          <MenuItem key={instructor.id} value={String(instructor.id)}>
            {instructor.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={ids.comment}
        label={DISTURBANCE_TEXTS.comment}
        multiline
        minRows={3}
        value={values.comment}
        onChange={(event) => onChange({ comment: event.target.value })}
        error={Boolean(errors.comment)}
        helperText={errors.comment}
      />
      <PhotoInput
        label={PHOTO_TEXTS.disturbancePhotos}
        context="receptionPhotos"
        files={values.photos}
        onChange={(photos) => onChange({ photos })}
      />
      <DisturbancePlace
        values={values}
        errors={errors}
        onChange={(place) => onChange(place)}
        requestPoint={requestPoint}
      />
    </>
  );
}
