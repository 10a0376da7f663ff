import { queryOptions } from '@tanstack/react-query';
import type {
  ConsultationImportResult,
  CoordinationSettings,
  CoordinationSettingsView,
  ResurfacingImportResult,
} from '@voirie/domain';
import { http } from '../../../api';

// The administration of the coordination (docs/coordination.md): its settings and the import of
// the resurfaced roads. Silent: the page shows the answers itself.

const SILENT = { silent: true } as const;

/** GET coordination/settings (administrators). */
export function coordinationSettingsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ['coordination', 'settings'],
    queryFn: async () => (await http.get<CoordinationSettingsView>('coordination/settings')).data,
    enabled,
  });
}

/** PUT coordination/settings. */
export function saveCoordinationSettings(settings: CoordinationSettings) {
  return http.put<CoordinationSettingsView>('coordination/settings', settings, SILENT);
}

/** POST coordination/resurfacing: multipart {keepMissing, file}. */
export function importResurfacingLayer(file: File, keepMissing: boolean) {
  const form = new FormData();
  form.append('keepMissing', String(keepMissing));
  form.append('file', file, file.name);
  return http.post<ResurfacingImportResult>('coordination/resurfacing', form, SILENT);
}

/** POST consultations/import: multipart {file}, the Plat'AU consultations (docs/gis-api.md "Consultations"). */
export function importConsultationsLayer(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<ConsultationImportResult>('consultations/import', form, SILENT);
}
