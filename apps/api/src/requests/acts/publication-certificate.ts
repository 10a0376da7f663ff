import type { Kysely } from 'kysely';
import {
  ACT_NATURE_LABELS,
  PRODUCT_NAME,
  PUBLICATION_TEXTS,
  frenchLongDateTime,
  parisDate,
  signatoryLine,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { CONTENT_WIDTH, MARGIN, newA4Writer } from '../../files/pdf-writer.ts';
import { sealPdf, type SealDeps } from './seal.ts';

// The certificate of publication and executory character (docs/acts.md « Publication »,
// R2122-7: publication may be proven by a certificate): what the register holds of an act — its
// publication (date, time, SHA-256) for a traffic order, its proven notification for an
// individual act, the prefect's acknowledgement when it was transmitted — sealed.

/** The certificate's sentences for one act of the register. */
async function certificateLines(db: Kysely<Database>, number: string): Promise<string[] | undefined> {
  const act = await db
    .selectFrom('actRegister as a')
    .leftJoin('actPublication as p', 'p.actId', 'a.id')
    .leftJoin('actNotification as n', 'n.actId', 'a.id')
    .leftJoin('actTransmission as t', 't.actId', 'a.id')
    .select([
      'a.number',
      'a.nature',
      'a.subject',
      'a.signedAt',
      'a.signatoryName',
      'a.signatoryTitle',
      'p.publishedAt',
      'p.sha256',
      'n.notifiedAt',
      't.receivedOn',
      't.identifier',
    ])
    .where('a.number', '=', number)
    .executeTakeFirst();
  if (!act) return undefined;
  const signatory = signatoryLine(act);
  const lines = [
    `Acte n° ${act.number} : ${ACT_NATURE_LABELS[act.nature]}.`,
    `Objet : ${act.subject}.`,
    `Signé le ${frenchLongDateTime(new Date(act.signedAt))}${signatory ? ` par ${signatory}` : ''}.`,
  ];
  if (act.publishedAt)
    lines.push(
      `Publié sous forme électronique le ${frenchLongDateTime(new Date(act.publishedAt))} sur le site de la collectivité, où il demeure consultable.`,
      `Empreinte SHA-256 du document publié : ${act.sha256 ?? ''}.`,
    );
  else if (act.nature === 'traffic') lines.push("Cet acte réglementaire n'est pas encore publié.");
  if (act.notifiedAt) lines.push(`Notifié à son destinataire le ${parisDate(act.notifiedAt)}.`);
  if (act.receivedOn)
    lines.push(
      `Transmis au représentant de l'État, accusé de réception du ${parisDate(`${act.receivedOn}T12:00:00Z`)} (identifiant ${act.identifier ?? ''}).`,
    );
  const executory = act.publishedAt !== null || act.notifiedAt !== null;
  lines.push(
    executory
      ? 'Cet acte est exécutoire de plein droit depuis sa publication ou sa notification (CGCT, article L2131-1).'
      : "Cet acte n'est pas encore exécutoire : ni sa publication ni sa notification ne sont établies.",
  );
  return lines;
}

/** `GET acts/{number}/certificate.pdf`: the sealed certificate of an act of the register. */
export async function publicationCertificate(
  deps: SealDeps,
  number: string,
  now = new Date(),
): Promise<Uint8Array> {
  const lines = await certificateLines(deps.db, number);
  if (!lines) throw new AppError('NOT_FOUND', `Aucun acte n° ${number} au registre.`);
  const { doc, writer } = await newA4Writer({
    title: `${PUBLICATION_TEXTS.certificateTitle} – ${number}`,
    creator: PRODUCT_NAME,
    createdAt: now,
  });
  const { regular, bold } = writer.fonts;
  writer.text(deps.config.communityName, { x: MARGIN, baseline: writer.y - 12, font: bold, size: 11 });
  writer.text(PUBLICATION_TEXTS.certificateTitle, {
    x: MARGIN,
    baseline: writer.y - 36,
    font: bold,
    size: 14,
  });
  writer.y -= 60;
  for (const paragraph of lines) {
    for (const line of writer.lines(paragraph, regular, 10, CONTENT_WIDTH)) {
      writer.ensure(14);
      writer.text(line, { x: MARGIN, baseline: writer.y - 10, font: regular, size: 10 });
      writer.y -= 14;
    }
    writer.y -= 6;
  }
  writer.y -= 10;
  writer.text(`Certifié exact d'après le registre des actes, le ${frenchLongDateTime(now)}.`, {
    x: MARGIN,
    baseline: writer.y - 10,
    font: regular,
    size: 10,
  });
  const { bytes } = await sealPdf(deps, await doc.save(), { reason: PUBLICATION_TEXTS.certificateTitle });
  return bytes;
}
