import type { ChartTable } from './chart-tables';

/** A CSV cell: numbers with a decimal comma, text quoted when it must be. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as a CSV spreadsheets open in French: ';' separated, UTF-8 with a BOM, CRLF lines. */
export function tableToCsv(table: ChartTable): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(cell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** 'statistiques-demandes-par-mois' from a chart title. */
export function exportName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `statistiques-${slug}`;
}

/** Saves a file the browser's way (a download link clicked once). */
export function saveFile(name: string, href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Downloads the table as CSV. */
export function downloadCsv(title: string, table: ChartTable): void {
  const url = URL.createObjectURL(new Blob([tableToCsv(table)], { type: 'text/csv;charset=utf-8' }));
  saveFile(`${exportName(title)}.csv`, url);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a chart's card as a PNG (twice the screen's resolution, white background), without
 * the elements marked `data-export-skip` (the buttons). html-to-image draws the element through
 * an SVG foreignObject: the chart and its HTML legend alike.
 */
export async function downloadPng(title: string, element: HTMLElement): Promise<void> {
  const { toPng } = await import('html-to-image');
  const url = await toPng(element, {
    backgroundColor: '#ffffff',
    pixelRatio: 2,
    filter: (node) => !(node instanceof HTMLElement && node.dataset.exportSkip !== undefined),
  });
  saveFile(`${exportName(title)}.png`, url);
}
