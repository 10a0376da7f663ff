// What the portal's document editor (@eigenpal/docx-editor-core, ADR 0016) keeps of our
// templates through a load/save round trip: every default template (modele 1–11), and a richer
// town-hall template built here (letterhead header and footer, a table, a page break, fonts and
// sizes of its own, margins). The document is parsed as the editor parses it and written back
// whole (`repackDocx`: the full re-serialization, the editor's worst case — its save patches only
// the edited paragraphs when it can), then both are compared part by part and merged by
// docxtemplater as the order would be. Run: `npx tsx bench/docx-editor-round-trip.ts`.

import { parseDocx, repackDocx } from '@eigenpal/docx-editor-core/headless';
import PizZip from 'pizzip';
import { mergeTemplate } from '../apps/api/src/orders/merge.ts';
import { defaultTemplate, type DefaultKey } from '../apps/api/src/orders/templates.ts';

const KEYS: readonly DefaultKey[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'arrete_circulation'];

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A letterhead template: header and footer parts, a table, a page break, fonts, margins. */
function townHallTemplate(): Buffer {
  const run = (text: string, rPr = '') =>
    `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
  const p = (content: string, pPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${content}</w:p>`;
  const cell = (text: string) =>
    `<w:tc><w:tcPr><w:tcW w:w="4500" w:type="dxa"/></w:tcPr>${p(run(text))}</w:tc>`;
  const body = [
    p(
      run(
        'ARRÊTÉ N° {numero}',
        '<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman"/><w:b/><w:sz w:val="32"/>',
      ),
      '<w:jc w:val="center"/>',
    ),
    p(
      run(
        'Vu la demande de {demandeur_nom} au droit de {localisation} ;',
        '<w:rFonts w:ascii="Garamond" w:hAnsi="Garamond"/><w:sz w:val="24"/>',
      ),
    ),
    `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/><w:tblBorders><w:top w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/></w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="4500"/><w:gridCol w:w="4500"/></w:tblGrid><w:tr>${cell('Commune')}${cell('{commune}')}</w:tr><w:tr>${cell('Période')}${cell('du {date_debut} au {date_fin}')}</w:tr></w:tbl>`,
    p(run('Article 1 – Autorisation', '<w:b/><w:u w:val="single"/>')),
    p(`${run('Fin de la première page.')}<w:r><w:br w:type="page"/></w:r>`),
    p(run('Annexe : prescriptions techniques.', '<w:i/>'), '<w:pageBreakBefore/>'),
    `<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:footerReference w:type="default" r:id="rIdF"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1701" w:right="1134" w:bottom="1418" w:left="1134" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr>`,
  ].join('');
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/><Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdH" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/><Relationship Id="rIdF" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/></Relationships>`,
  );
  zip.file(
    'word/header1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr ${W} ${R}>${p(run('Communauté de communes Maremne Adour Côte Sud', '<w:b/>'), '<w:jc w:val="center"/>')}</w:hdr>`,
  );
  zip.file(
    'word/footer1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:ftr ${W} ${R}>${p(run('Allée des Camélias, 40230 Saint-Vincent-de-Tyrosse'), '<w:jc w:val="center"/>')}</w:ftr>`,
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W} ${R}><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** XML text as read: entities decoded (the serializer writes ' as &apos;, the same character). */
const decoded = (text: string) =>
  text
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();

/** What a round trip must keep, counted in a DOCX. */
function measure(docx: Buffer) {
  const zip = new PizZip(docx);
  const xml = zip.file('word/document.xml')?.asText() ?? '';
  const count = (pattern: RegExp) => (xml.match(pattern) ?? []).length;
  const values = (pattern: RegExp) =>
    [...new Set([...xml.matchAll(pattern)].map((match) => match[1]))].sort().join(',');
  const partText = (prefix: string) =>
    Object.keys(zip.files)
      .filter((name) => name.startsWith(prefix))
      .map((name) =>
        decoded(
          zip
            .file(name)!
            .asText()
            .replace(/<[^>]+>/g, ''),
        ),
      )
      .join('|');
  return {
    text: decoded(xml.replace(/<\/w:p>/g, '\n').replace(/<[^>]+>/g, '')),
    paragraphs: count(/<w:p[ >]/g),
    tables: count(/<w:tbl>/g),
    rows: count(/<w:tr[ >]/g),
    pageBreaks: count(/<w:br w:type="page"\/>/g) + count(/<w:pageBreakBefore\/>/g),
    styles: values(/<w:pStyle w:val="([^"]+)"/g),
    fonts: values(/<w:rFonts w:ascii="([^"]+)"/g),
    sizes: values(/<w:sz w:val="(\d+)"/g),
    alignments: values(/<w:jc w:val="(\w+)"/g),
    margins: values(/<w:pgMar ([^/]+)\/>/g),
    header: partText('word/header'),
    footer: partText('word/footer'),
    styleDefinitions: zip.file('word/styles.xml')?.asText().length ?? 0,
  };
}

const FIELDS = {
  numero: '12',
  demandeur_nom: 'Marie Durand',
  localisation: '14 Rue des Pins, 40130 Capbreton',
  commune: 'Capbreton',
  date_debut: '01/12/2026',
  date_fin: '20/12/2026',
};

/** The first line that differs, else ''. */
function firstDifference(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const at = a.findIndex((line, index) => line !== b[index]);
  if (at < 0) return a.length === b.length ? '' : `${String(a.length)} → ${String(b.length)} lines`;
  return `« ${a[at] ?? ''} » → « ${b[at] ?? ''} »`;
}

/** One difference, readably. */
function describe(key: string, before: unknown, after: unknown): string {
  if (typeof before === 'string' && typeof after === 'string' && before.includes('\n'))
    return `${key}: ${firstDifference(before, after)}`;
  return `${key}: ${String(before).slice(0, 60)} → ${String(after).slice(0, 60)}`;
}

const rows: string[] = [];
const samples: [string, Buffer][] = [];
for (const key of KEYS) samples.push([`modele ${String(key)}`, (await defaultTemplate(key))!]);
samples.push(['town-hall letterhead', townHallTemplate()]);
for (const [name, original] of samples) {
  const parsed = await parseDocx(new Uint8Array(original));
  const saved = Buffer.from(await repackDocx(parsed));
  const before = measure(original);
  const after = measure(saved);
  const lost = (Object.keys(before) as (keyof typeof before)[]).filter((key) => before[key] !== after[key]);
  // The round-tripped template still merges, and prints what the original prints.
  const [mergedBefore, mergedAfter] = await Promise.all([
    mergeTemplate(original, FIELDS),
    mergeTemplate(saved, FIELDS),
  ]).then((merged) => merged.map((docx) => measure(docx).text));
  const merges =
    mergedBefore === mergedAfter ? 'same text' : `differs: ${firstDifference(mergedBefore!, mergedAfter!)}`;
  rows.push(
    `| ${name} | ${lost.length === 0 ? 'all kept' : lost.map((key) => describe(key, before[key], after[key])).join('; ')} | ${merges} |`,
  );
}
console.log(
  '| document | structure after load/save (paragraphs, tables, rows, page breaks, styles, fonts, sizes, alignments, margins, header, footer, text) | merged by docxtemplater |',
);
console.log('| --- | --- | --- |');
for (const row of rows) console.log(row);
