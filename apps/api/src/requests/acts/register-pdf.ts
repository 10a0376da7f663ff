import type { PDFFont } from 'pdf-lib';
import { ACT_NATURE_LABELS, parisDateTime, PRODUCT_NAME, type ActNature } from '@voirie/domain';
import { CONTENT_WIDTH, drawFooters, MARGIN, newA4Writer, type PdfWriter } from '../../files/pdf-writer.ts';

// The yearly register of acts as a printable PDF (CGCT R2122-7, docs/acts.md « Printed register »):
// the paper register stays the legal one, this is what is printed and bound into it. Two tables:
// by date (the register's order, its numbers') and by subject (the subjects in alphabetical
// order, each with its number, to find an act again), then the closing statement that counts
// the acts and says whether their numbers follow without a gap.

/** One act as the printed register shows it. */
export interface PrintedAct {
  number: string;
  sequence: number;
  nature: ActNature;
  subject: string;
  town: string;
  /** « 12/03/2026 à 10:41 », Paris time. */
  signedAt: string;
  /** « Prénom Nom, Fonction » of who signed (empty when the register does not know). */
  signatory: string;
}

interface Column {
  title: string;
  /** Share of the content width. */
  width: number;
  value: (act: PrintedAct) => string;
}

const BY_DATE: readonly Column[] = [
  { title: 'Numéro', width: 0.12, value: (act) => act.number },
  { title: 'Signé le', width: 0.13, value: (act) => act.signedAt },
  { title: 'Nature', width: 0.16, value: (act) => ACT_NATURE_LABELS[act.nature] },
  { title: 'Objet', width: 0.31, value: (act) => act.subject },
  { title: 'Commune', width: 0.12, value: (act) => act.town },
  { title: 'Signataire', width: 0.16, value: (act) => act.signatory },
];

const BY_SUBJECT: readonly Column[] = [
  { title: 'Objet', width: 0.56, value: (act) => act.subject },
  { title: 'Commune', width: 0.16, value: (act) => act.town },
  { title: 'Nature', width: 0.14, value: (act) => ACT_NATURE_LABELS[act.nature] },
  { title: 'Numéro', width: 0.14, value: (act) => act.number },
];

const SIZE = 8;
const LEADING = 10;
const PADDING = 3;

/** One table row: its cells wrapped to their widths, kept whole on one page. */
function drawRow(
  writer: PdfWriter,
  columns: readonly Column[],
  cells: readonly string[],
  font: PDFFont,
  onNewPage?: () => void,
) {
  const wrapped = cells.map((cell, index) =>
    writer.lines(cell, font, SIZE, columns[index]!.width * CONTENT_WIDTH - 2 * PADDING),
  );
  const height = Math.max(...wrapped.map((lines) => lines.length)) * LEADING + 2 * PADDING;
  if (writer.room < height) {
    writer.newPage();
    onNewPage?.();
  }
  const top = writer.y;
  let x = MARGIN;
  wrapped.forEach((lines, index) => {
    const width = columns[index]!.width * CONTENT_WIDTH;
    writer.rect(x, top, width, height);
    lines.forEach((line, row) =>
      writer.text(line, { x: x + PADDING, baseline: top - PADDING - SIZE - row * LEADING, font, size: SIZE }),
    );
    x += width;
  });
  writer.y = top - height;
}

/** A titled table; its header row is drawn again at the top of each page it goes on to. */
function drawTable(
  writer: PdfWriter,
  title: string,
  columns: readonly Column[],
  acts: readonly PrintedAct[],
) {
  const { regular, bold } = writer.fonts;
  writer.ensure(60);
  writer.y -= 14;
  writer.text(title, { x: MARGIN, baseline: writer.y, font: bold, size: 12 });
  writer.y -= 10;
  const header = () =>
    drawRow(
      writer,
      columns,
      columns.map((column) => column.title),
      bold,
    );
  header();
  for (const act of acts) {
    drawRow(
      writer,
      columns,
      columns.map((column) => column.value(act)),
      regular,
      header,
    );
  }
  if (acts.length === 0)
    writer.text('Aucun acte.', { x: MARGIN, baseline: writer.y - 14, font: regular, size: SIZE });
  writer.y -= 20;
}

/** The closing statement: how many acts, from which number to which, and any gap in their order. */
export function closingStatement(year: number, acts: readonly PrintedAct[]): string {
  if (acts.length === 0) return `Le registre de l'année ${String(year)} ne compte aucun acte.`;
  const first = acts[0]!;
  const last = acts.at(-1)!;
  const missing: number[] = [];
  for (let sequence = 1, index = 0; sequence <= last.sequence; sequence += 1) {
    if (acts[index]?.sequence === sequence) index += 1;
    else missing.push(sequence);
  }
  const count = `${String(acts.length)} acte${acts.length > 1 ? 's' : ''}`;
  const range = `numérotés de ${first.number} à ${last.number}`;
  return missing.length === 0 && first.sequence === 1
    ? `Le présent registre de l'année ${String(year)} compte ${count}, ${range}, sans interruption.`
    : `Le présent registre de l'année ${String(year)} compte ${count}, ${range} ; numéros d'ordre manquants : ${missing.join(', ')}.`;
}

/** The register of `year` (its acts in register order) as an A4 PDF. */
export async function renderRegisterPdf(
  year: number,
  acts: readonly PrintedAct[],
  authority: string,
  printedAt = new Date(),
): Promise<Uint8Array> {
  const title = `Registre des actes – année ${String(year)}`;
  const { doc, writer } = await newA4Writer({
    title: `${title} – ${authority}`,
    creator: PRODUCT_NAME,
    createdAt: printedAt,
  });
  const { regular, bold } = writer.fonts;
  writer.text(authority, { x: MARGIN, baseline: writer.y - 12, font: bold, size: 11 });
  writer.text(title, { x: MARGIN, baseline: writer.y - 34, font: bold, size: 16 });
  writer.text(
    `Édité le ${parisDateTime(printedAt)} par le ${PRODUCT_NAME} (CGCT, articles R2122-7 et R2121-9).`,
    {
      x: MARGIN,
      baseline: writer.y - 50,
      font: regular,
      size: 8,
      color: writer.palette.grey,
    },
  );
  writer.y -= 60;

  drawTable(writer, 'Table chronologique', BY_DATE, acts);
  const bySubject = [...acts].sort(
    (a, b) => a.subject.localeCompare(b.subject, 'fr', { sensitivity: 'base' }) || a.sequence - b.sequence,
  );
  drawTable(writer, 'Table par objet', BY_SUBJECT, bySubject);

  writer.ensure(40);
  for (const line of writer.lines(closingStatement(year, acts), regular, 9, CONTENT_WIDTH)) {
    writer.text(line, { x: MARGIN, baseline: writer.y - 10, font: regular, size: 9 });
    writer.y -= 12;
  }

  drawFooters(writer, (index) => `${title} – page ${String(index + 1)} / ${String(writer.pages.length)}`);
  return doc.save();
}
