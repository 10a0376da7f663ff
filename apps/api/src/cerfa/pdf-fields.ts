import { cerfaSectionHeading, type CerfaField, type CerfaSection } from '@voirie/domain';
import { CONTENT_WIDTH, MARGIN, type PdfWriter } from '../files/pdf-writer.ts';

// A cerfa section as the official forms print it: a numbered band, then its zones on a grid of
// six columns — a labelled box per text zone (cut into cells for the postal code), a box to
// tick before each choice — packed into rows in the form's order, each row filling the width.

const COLUMNS = 6;
const GUTTER = 8;
const COLUMN = (CONTENT_WIDTH - (COLUMNS - 1) * GUTTER) / COLUMNS;
const LABEL_SIZE = 7;
const LABEL_LINE = 9;
const VALUE_SIZE = 9;
const BOX_HEIGHT = 16;
const MULTILINE_LEADING = 11.5;
const MULTILINE_MIN_LINES = 3;
const CHOICE_SIZE = 8.5;
const CHOICE_LINE = 13;
const TICK = 9;
const CELL = 14;
const ROW_GAP = 6;

const spanWidth = (span: number) => span * COLUMN + (span - 1) * GUTTER;
const spanFor = (width: number) =>
  Math.min(COLUMNS, Math.max(1, Math.ceil((width + GUTTER) / (COLUMN + GUTTER))));

interface Placed {
  field: CerfaField;
  span: number;
}

const widthOf = (writer: PdfWriter, text: string, size: number, bold = false) =>
  (bold ? writer.fonts.bold : writer.fonts.regular).widthOfTextAtSize(writer.sanitize(text), size);

/** A text zone whose value does not hold on one line of the page is printed as a text area. */
const isArea = (writer: PdfWriter, field: CerfaField) =>
  field.kind === 'text' &&
  (field.multiline === true || widthOf(writer, field.value, VALUE_SIZE) + 8 > CONTENT_WIDTH);

/** How many columns a zone needs to show its label and value. */
function naturalSpan(writer: PdfWriter, field: CerfaField): number {
  if (field.kind === 'choices' || isArea(writer, field)) return COLUMNS;
  if (field.kind === 'check') return spanFor(TICK + 4 + widthOf(writer, field.label, CHOICE_SIZE));
  const label = widthOf(writer, field.label, LABEL_SIZE);
  if (field.comb) return spanFor(Math.max(label, field.comb * CELL));
  return spanFor(Math.max(label, widthOf(writer, field.value, VALUE_SIZE) + 8, 40));
}

/** The zones in rows of six columns; the last zone of a row takes the columns left. */
function rowsOf(writer: PdfWriter, fields: readonly CerfaField[]): Placed[][] {
  const rows: Placed[][] = [];
  let row: Placed[] = [];
  let used = 0;
  const close = () => {
    const last = row.at(-1);
    if (last) last.span += COLUMNS - used;
    if (row.length) rows.push(row);
    row = [];
    used = 0;
  };
  for (const field of fields) {
    const span = naturalSpan(writer, field);
    if (used + span > COLUMNS) close();
    row.push({ field, span });
    used += span;
    if (span === COLUMNS) close();
  }
  close();
  return rows;
}

/** The option boxes of a group, laid out left to right and wrapped: their lines. */
function choiceLines(writer: PdfWriter, field: Extract<CerfaField, { kind: 'choices' }>, width: number) {
  const lines: { label: string; checked: boolean; x: number }[][] = [[]];
  let x = 0;
  for (const option of field.options) {
    const itemWidth = TICK + 3 + widthOf(writer, option.label, CHOICE_SIZE) + 12;
    if (x > 0 && x + itemWidth > width) {
      lines.push([]);
      x = 0;
    }
    lines.at(-1)!.push({ ...option, x });
    x += itemWidth;
  }
  return lines;
}

function heightOf(writer: PdfWriter, placed: Placed): number {
  const { field } = placed;
  const width = spanWidth(placed.span);
  if (field.kind === 'check')
    return Math.max(
      TICK,
      writer.lines(field.label, writer.fonts.regular, CHOICE_SIZE, width - TICK - 4).length * 10.5,
    );
  if (field.kind === 'choices') return LABEL_LINE + choiceLines(writer, field, width).length * CHOICE_LINE;
  return LABEL_LINE + BOX_HEIGHT;
}

function drawLabel(writer: PdfWriter, label: string, x: number, top: number, width: number) {
  const [line = ''] = writer.lines(label, writer.fonts.regular, LABEL_SIZE, width);
  writer.text(line, {
    x,
    baseline: top - LABEL_SIZE,
    font: writer.fonts.regular,
    size: LABEL_SIZE,
    color: writer.palette.grey,
  });
}

/** A postal code in its cells: digits share one width, so a character spacing centres each. */
function drawComb(writer: PdfWriter, value: string, cells: number, x: number, boxTop: number) {
  writer.rect(x, boxTop, cells * CELL, BOX_HEIGHT, { fill: writer.palette.white });
  for (let cell = 1; cell < cells; cell += 1) {
    writer.page.drawLine({
      start: { x: x + cell * CELL, y: boxTop - BOX_HEIGHT },
      end: { x: x + cell * CELL, y: boxTop - BOX_HEIGHT / 3 },
      thickness: 0.6,
      color: writer.palette.line,
    });
  }
  if (!value) return;
  const { regular } = writer.fonts;
  const digit = regular.widthOfTextAtSize('0', VALUE_SIZE);
  const baseline = boxTop - BOX_HEIGHT + 4.5;
  if (!/^\d+$/.test(value) || value.length > cells) {
    writer.text(value, { x: x + 3, baseline, font: regular, size: VALUE_SIZE });
    return;
  }
  writer.characterSpacing(CELL - digit);
  writer.text(value, { x: x + (CELL - digit) / 2, baseline, font: regular, size: VALUE_SIZE });
  writer.characterSpacing(0);
}

function drawZone(writer: PdfWriter, placed: Placed, x: number, top: number) {
  const { field } = placed;
  const width = spanWidth(placed.span);
  const { regular } = writer.fonts;
  if (field.kind === 'check') {
    writer.checkbox(x, top, field.checked);
    writer.lines(field.label, regular, CHOICE_SIZE, width - TICK - 4).forEach((line, index) =>
      writer.text(line, {
        x: x + TICK + 4,
        baseline: top - 7.5 - index * 10.5,
        font: regular,
        size: CHOICE_SIZE,
      }),
    );
    return;
  }
  drawLabel(writer, field.label, x, top, width);
  const boxTop = top - LABEL_LINE;
  if (field.kind === 'choices') {
    choiceLines(writer, field, width).forEach((line, index) => {
      const lineTop = boxTop - index * CHOICE_LINE - 1;
      for (const option of line) {
        writer.checkbox(x + option.x, lineTop, option.checked);
        writer.text(option.label, {
          x: x + option.x + TICK + 3,
          baseline: lineTop - 7.5,
          font: regular,
          size: CHOICE_SIZE,
        });
      }
    });
    return;
  }
  if (field.comb) return drawComb(writer, field.value, field.comb, x, boxTop);
  writer.rect(x, boxTop, width, BOX_HEIGHT, { fill: writer.palette.white });
  if (field.value)
    writer.text(field.value, {
      x: x + 4,
      baseline: boxTop - BOX_HEIGHT + 4.5,
      font: regular,
      size: VALUE_SIZE,
    });
}

/** A text area, cut over as many pages as its text needs; the box has at least three lines. */
function drawArea(writer: PdfWriter, field: Extract<CerfaField, { kind: 'text' }>) {
  const { regular } = writer.fonts;
  const lines = field.value ? writer.lines(field.value, regular, VALUE_SIZE, CONTENT_WIDTH - 8) : [];
  const count = Math.max(lines.length, MULTILINE_MIN_LINES);
  writer.ensure(LABEL_LINE + MULTILINE_MIN_LINES * MULTILINE_LEADING + 6);
  drawLabel(writer, field.label, MARGIN, writer.y, CONTENT_WIDTH);
  writer.y -= LABEL_LINE;
  let drawn = 0;
  while (drawn < count) {
    const fit = Math.floor((writer.room - 6) / MULTILINE_LEADING);
    if (fit < 1) {
      writer.newPage();
      continue;
    }
    const chunk = Math.min(fit, count - drawn);
    const height = chunk * MULTILINE_LEADING + 6;
    writer.rect(MARGIN, writer.y, CONTENT_WIDTH, height, { fill: writer.palette.white });
    lines.slice(drawn, drawn + chunk).forEach((line, index) =>
      writer.text(line, {
        x: MARGIN + 4,
        baseline: writer.y - 3 - VALUE_SIZE - index * MULTILINE_LEADING,
        font: regular,
        size: VALUE_SIZE,
      }),
    );
    drawn += chunk;
    writer.y -= height;
    if (drawn < count) writer.newPage();
  }
  writer.y -= ROW_GAP;
}

/** The numbered band of a section: '1 - Le demandeur' in white on the form's colour. */
function drawHeading(writer: PdfWriter, section: CerfaSection, keepWith: number) {
  const { bold } = writer.fonts;
  const lines = writer.lines(cerfaSectionHeading(section), bold, 10, CONTENT_WIDTH - 12);
  const height = lines.length * 12 + 6;
  writer.ensure(height + 6 + keepWith);
  writer.rect(MARGIN, writer.y, CONTENT_WIDTH, height, { fill: writer.palette.band, stroke: false });
  lines.forEach((line, index) =>
    writer.text(line, {
      x: MARGIN + 6,
      baseline: writer.y - 13 - index * 12,
      font: bold,
      size: 10,
      color: writer.palette.white,
    }),
  );
  writer.y -= height + 6;
}

/** A section: its band, then its zones row by row, a new page when a row does not fit. */
export function drawSection(writer: PdfWriter, section: CerfaSection) {
  const rows = rowsOf(writer, section.fields);
  const rowHeight = (row: Placed[]) => Math.max(...row.map((placed) => heightOf(writer, placed)));
  const [first] = rows;
  drawHeading(writer, section, first ? Math.min(rowHeight(first), 60) : 0);
  for (const row of rows) {
    const [only] = row;
    if (row.length === 1 && only && isArea(writer, only.field) && only.field.kind === 'text') {
      drawArea(writer, only.field);
      continue;
    }
    const height = rowHeight(row);
    writer.ensure(height);
    let x = MARGIN;
    for (const placed of row) {
      drawZone(writer, placed, x, writer.y);
      x += spanWidth(placed.span) + GUTTER;
    }
    writer.y -= height + ROW_GAP;
  }
  writer.y -= 4;
}
