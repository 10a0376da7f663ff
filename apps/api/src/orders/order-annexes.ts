import { DOCUMENT_TYPE } from '@voirie/domain';
import { AppError } from '../errors/app-error.ts';
import type { OrderDeps } from './order-service.ts';

// « Joindre les annexes à l'arrêté » (the decision's doAnnexe): the order names its annexes
// (flatten-decision.ts) and its PDF carries them, each annex's pages after the order's.

/** The stored files of the request's decision annexes (type 97), in the order they were added. */
async function annexFiles(deps: Pick<OrderDeps, 'db' | 'store'>, requestId: number) {
  const rows = await deps.db
    .selectFrom('document')
    .select(['name', 'storageKey'])
    .where('requestId', '=', requestId)
    .where('typeDocumentId', '=', DOCUMENT_TYPE.DECISION_ANNEX)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows;
}

/**
 * The order's PDF followed by the pages of each decision annex. An annex pdf-lib cannot read
 * (damaged, protected) is left out and logged: the order still names it, and the annex stays
 * among the request's documents.
 */
export async function withAnnexPages(
  deps: Pick<OrderDeps, 'db' | 'store' | 'logError'>,
  requestId: number,
  orderPdf: Buffer,
): Promise<Buffer> {
  const annexes = await annexFiles(deps, requestId);
  if (annexes.length === 0) return orderPdf;
  // Loaded on first use, as the cerfa PDFs do: pdf-lib costs start-up time.
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.load(orderPdf);
  for (const annex of annexes) {
    try {
      const bytes = await deps.store.read(annex.storageKey);
      if (!bytes) throw new Error('annex file missing');
      const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
      const pages = await merged.copyPages(source, source.getPageIndices());
      for (const page of pages) merged.addPage(page);
    } catch (error) {
      // The storage down is not a damaged annex: the order is not generated without it.
      if (error instanceof AppError && error.code === 'STORAGE_UNAVAILABLE') throw error;
      deps.logError?.(error, `annex ${annex.name} of request ${String(requestId)} left out of the order PDF`);
    }
  }
  return Buffer.from(await merged.save());
}
