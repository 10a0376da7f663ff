import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  canUser,
  CoordinationSettingsSchema,
  type CoordinationSettings,
  type CoordinationSettingsView,
} from '@voirie/domain';
import { useId, useState, type FormEvent } from 'react';
import { failureText } from '../../../api';
import { usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import {
  coordinationSettingsQueryOptions,
  importResurfacingLayer,
  saveCoordinationSettings,
} from '../api/coordination-admin-api';
import { COORDINATION_ADMIN_TEXTS as T } from '../model/coordination-admin-texts';
import { ConsultationsImport } from './consultations-import';
import { LayerUploadForm } from './layer-upload-form';
import { NoticeAlert, type Notice } from './notice-alert';

/** The distance and the age of a recent surface, checked with the domain's schema before sending. */
function SettingsForm({ view }: { view: CoordinationSettingsView }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [values, setValues] = useState({
    distanceMetres: String(view.distanceMetres),
    resurfacingYears: String(view.resurfacingYears),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof CoordinationSettings, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const save = useMutation({
    mutationFn: saveCoordinationSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(coordinationSettingsQueryOptions().queryKey, answer.data);
      setNotice({ severity: 'success', lines: [answer.message] });
    },
    onError: (error) => setNotice({ severity: 'error', lines: [failureText(error)] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CoordinationSettingsSchema.safeParse({
      distanceMetres: values.distanceMetres.trim() === '' ? NaN : Number(values.distanceMetres),
      resurfacingYears: values.resurfacingYears.trim() === '' ? NaN : Number(values.resurfacingYears),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const field = (name: keyof CoordinationSettings, label: string, hint: string) => (
    <TextField
      id={`coordination-${name}`}
      label={label}
      type="number"
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? hint}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
    />
  );
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {T.settingsHeading}
      </Typography>
      <NoticeAlert notice={notice} />
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
        {field('distanceMetres', T.distance, T.distanceHint(view.defaults.distanceMetres))}
        {field('resurfacingYears', T.years, T.yearsHint(view.defaults.resurfacingYears))}
        <div>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {T.save}
          </Button>
        </div>
      </Box>
    </Box>
  );
}

/** The resurfaced roads: what the layer holds, and the import of a GeoJSON file. */
function LayerImport({ view }: { view: CoordinationSettingsView }) {
  const queryClient = useQueryClient();
  const [keepMissing, setKeepMissing] = useState(false);
  return (
    <LayerUploadForm
      heading={T.layerHeading}
      about={
        <>
          <Typography role="status">
            {T.layerSummary(view.layer.count, view.layer.latestOn, view.layer.importedAt)}
          </Typography>
          <Typography variant="body2">{T.layerHelp}</Typography>
        </>
      }
      fileLabel={T.file}
      submitLabel={T.import}
      send={(file) => importResurfacingLayer(file, keepMissing)}
      onImported={() =>
        queryClient.invalidateQueries({ queryKey: coordinationSettingsQueryOptions().queryKey })
      }
    >
      <FormControlLabel
        control={
          <Checkbox checked={keepMissing} onChange={(event) => setKeepMissing(event.target.checked)} />
        }
        label={T.keepMissing}
      />
    </LayerUploadForm>
  );
}

/**
 * /coordination, the sidebar's 'Coordination des travaux' (docs/coordination.md): the
 * settings of the conflict search, the import of the resurfaced roads and that of the Plat'AU
 * consultations (docs/gis-api.md "Consultations"). Administrators (the
 * domain's manageCoordination); the API refuses the others too.
 */
export function CoordinationPage() {
  usePageTitle(T.title);
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'manageCoordination');
  const { data: view } = useQuery(coordinationSettingsQueryOptions(allowed));
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h4" component="h1">
        {T.title}
      </Typography>
      {user && !allowed ? (
        <Alert severity="info">{T.forbidden}</Alert>
      ) : (
        <>
          <Typography>{T.intro}</Typography>
          {view && <SettingsForm view={view} />}
          {view && <LayerImport view={view} />}
          {canUser(user, 'importConsultations') && <ConsultationsImport />}
        </>
      )}
    </Box>
  );
}
