import Typography from '@mui/material/Typography';
import { ApiError, failureText } from '../../../api';
import { importConsultationsLayer } from '../api/coordination-admin-api';
import { COORDINATION_ADMIN_TEXTS as T } from '../model/coordination-admin-texts';
import { LayerUploadForm } from './layer-upload-form';

/** A refused import: its summary, then each bad feature the API names (docs/gis-api.md "Consultations"). */
function refusalLines(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.body) return [failureText(error)];
  const lines = [error.body.message, ...(error.body.errors ?? []).map((item) => item.message)];
  return [...new Set(lines.filter((line): line is string => Boolean(line)))];
}

/**
 * The administrators' import of the Plat'AU consultations (the staff's 'Consultations' map layer):
 * a GeoJSON file, all or nothing; a refusal lists every bad feature.
 */
export function ConsultationsImport() {
  return (
    <LayerUploadForm
      heading={T.consultationsHeading}
      about={<Typography variant="body2">{T.consultationsHelp}</Typography>}
      fileLabel={T.consultationsFile}
      submitLabel={T.consultationsImport}
      send={importConsultationsLayer}
      refusalLines={refusalLines}
    />
  );
}
