import type { ImportKind } from './errors.ts';
import type { ImportProgress, ImportSummary } from './run.ts';

export const KIND_LABELS: Readonly<Record<ImportKind, string>> = {
  roads: 'Tronçons de route',
  parcels: 'Parcelles',
  addresses: 'Adresses',
  zones: "Zones d'opération",
  resurfacing: 'Réfections de voirie',
  consultations: 'Consultations Plat’AU',
};

const integerFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return integerFormat.format(value);
}

export function formatSeconds(ms: number): string {
  return `${oneDecimal.format(ms / 1000)} s`;
}

export function formatMegabytes(bytes: number): string {
  return `${oneDecimal.format(bytes / 1024 / 1024)} Mo`;
}

/** The summary of an import, in French, one line. */
export function formatSummary(summary: ImportSummary): string {
  const reasons = Object.entries(summary.skippedReasons)
    .map(([reason, count]) => `${reason} : ${formatCount(count)}`)
    .join(', ');
  const rate = summary.durationMs > 0 ? Math.round((summary.read * 1000) / summary.durationMs) : 0;
  return [
    `${KIND_LABELS[summary.kind]} (${summary.source}) : ${formatCount(summary.read)} lus`,
    `${formatCount(summary.inserted)} insérés`,
    `${formatCount(summary.updated)} mis à jour`,
    `${formatCount(summary.skipped)} ignorés${reasons ? ` (${reasons})` : ''}`,
    `${formatCount(summary.deleted)} supprimés`,
    `durée ${formatSeconds(summary.durationMs)} (${formatCount(rate)}/s)`,
  ].join(' ; ');
}

/** A progress line: percentage, bytes, records and rate. */
export function formatProgress(progress: ImportProgress): string {
  const rate = progress.elapsedMs > 0 ? Math.round((progress.read * 1000) / progress.elapsedMs) : 0;
  const bytes = progress.totalBytes
    ? `${formatMegabytes(progress.bytesRead)} / ${formatMegabytes(progress.totalBytes)}`
    : formatMegabytes(progress.bytesRead);
  return `${bytes} · ${formatCount(progress.read)} lus · ${formatCount(rate)}/s`;
}
