import type { ApiApp, RouteContext } from '../../http/types.ts';
import { libreOfficeConverter } from '../../files/pdf-converter.ts';
import { mailboxRecordsArchive } from '../../requests/works/records-archive.ts';
import type { WorksDeps } from '../../requests/works/works-deps.ts';
import { workflowDeps } from '../instruction/workflow-actions.ts';
import { editorRoutes } from './editor-routes.ts';
import { receptionRoutes } from './reception-routes.ts';
import { worksRoutes } from './works-routes.ts';

/**
 * The works phase (docs/api-works.md): everything after the signed order. Registered
 * in the multipart scope (photos, edited letters). Every route only signs in: who may act, on
 * which request and when is the domain's workflow, applied by the services.
 */
export function worksPhaseRoutes(app: ApiApp, ctx: RouteContext) {
  const deps: WorksDeps = {
    ...workflowDeps(ctx),
    quotas: ctx.filing.quotas,
    dataDir: ctx.config.dataDir,
    mailMaxPerAccountPerDay: ctx.config.mail.maxPerAccountPerDay,
    // LibreOffice is looked up on PATH at each conversion: installing it needs no restart.
    convertToPdf: libreOfficeConverter(),
    records: mailboxRecordsArchive(ctx.config.recordsMailbox),
    logError: (error, message) => app.log.error({ err: error }, message),
  };
  receptionRoutes(app, deps);
  worksRoutes(app, deps);
  editorRoutes(app, deps, { onlyoffice: ctx.config.onlyoffice, publicUrl: ctx.config.publicUrl });
}
