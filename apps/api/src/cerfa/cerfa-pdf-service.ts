import { sql, type Kysely } from 'kysely';
import {
  cerfaForm,
  offersTrafficOrder,
  TRAFFIC_ORDER_NOT_OFFERED,
  type Cerfa14024,
  type CerfaFormType,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { loadRequestDetail } from '../requests/detail/request-detail.ts';
import type { Viewer } from '../policies/visibility.ts';
import { renderCerfaPdf } from './pdf-layout.ts';

export const CERFA_PDF_TYPES = ['14023', '14024'] as const satisfies readonly CerfaFormType[];

/** The cerfa type of a route, or a 404 in French. */
export function cerfaTypeOf(value: string): CerfaFormType {
  if ((CERFA_PDF_TYPES as readonly string[]).includes(value)) return value as CerfaFormType;
  throw new AppError(
    'NOT_FOUND',
    "Ce formulaire Cerfa n'existe pas : les formulaires disponibles sont le 14023 et le 14024.",
  );
}

/** The address of the PDF, as `GET request/{id}/pdf/{cerfaType}` answers it. */
export const cerfaPdfUrl = (requestId: number, type: CerfaFormType) =>
  `/api/request/${String(requestId)}/pdf/${type}/file`;

/** The request's 14024 part, when it has one (most requests do not). */
async function load14024(db: Kysely<Database>, requestId: number): Promise<Partial<Cerfa14024> | null> {
  const row = await db
    .selectFrom('request as r')
    .innerJoin('cerfa14024 as c', 'c.id', 'r.cerfa14024Id')
    .selectAll('c')
    .select(sql<string | null>`to_char(c.date_regulation, 'YYYY-MM-DD')`.as('dateRegulationDay'))
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  if (!row) return null;
  const { dateRegulationDay, createdAt: _c, updatedAt: _u, ...form } = row;
  return { ...form, dateRegulation: dateRegulationDay };
}

/**
 * The visible request (404 otherwise) and its 14024 part for a 14024: offered only when the
 * works touch the carriageway (the domain's offersTrafficOrder; 404 in French otherwise).
 */
async function printableRequest(db: Kysely<Database>, viewer: Viewer, key: string, type: CerfaFormType) {
  const detail = await loadRequestDetail(db, viewer, key);
  if (type === '14023') return { detail, cerfa14024: null };
  const cerfa14024 = await load14024(db, detail.id);
  if (!offersTrafficOrder({ ...detail, cerfa14024 }))
    throw new AppError('NOT_FOUND', TRAFFIC_ORDER_NOT_OFFERED);
  return { detail, cerfa14024 };
}

/** The printable request's id, checked before answering the PDF's address. */
export async function visibleRequestId(
  db: Kysely<Database>,
  viewer: Viewer,
  key: string,
  type: CerfaFormType,
): Promise<number> {
  return (await printableRequest(db, viewer, key, type)).detail.id;
}

/** The PDF of a cerfa filled with a request the viewer may see (404 otherwise). */
export async function cerfaPdf(db: Kysely<Database>, viewer: Viewer, key: string, type: CerfaFormType) {
  const { detail, cerfa14024 } = await printableRequest(db, viewer, key, type);
  // The detail is the API's RequestSchema shape, which the form builders read.
  const form = cerfaForm(type, detail, cerfa14024);
  return { bytes: await renderCerfaPdf(form), filename: `cerfa-${type}-${String(detail.id)}.pdf` };
}
