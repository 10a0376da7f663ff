import PizZip from 'pizzip';
import type { Kysely } from 'kysely';
import {
  ACT_MATTERS,
  ACT_TRANSMISSION_KEY,
  ACT_TRANSMISSION_MESSAGES,
  ActTransmissionSettingsSchema,
  ACTES_ACKNOWLEDGEMENT_ID,
  ACTES_NATURE_CODES,
  ACTES_NATURE_SHORT,
  ACTES_SUBJECT_MAX,
  COMMUNITY,
  parisIsoDay,
  TRANSMISSIBLE_NATURES,
  type ActAcknowledgement,
  type ActNature,
  type ActTransmission,
  type ActTransmissionSettings,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { readAppSetting, writeAppSetting } from '../../db/app-settings.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/file-store.ts';
import { writeHistory } from '../../history/history.ts';
import type { Actor } from '../../policies/visibility.ts';

// The transmission of acts to the prefect (CGCT L2131-2, docs/acts.md « Transmission to the
// prefect »): the package a certified operator (S²LOW, Pastell…) takes — the ACTES metadata file
// (« acte métier », namespace ACTES v1.1) and the signed act, named as the @CTES exchange names
// them — and the acknowledgement's date, entered from the operator's receipt.

/** The natures the administrator transmits (the default until one is saved). */
export async function readTransmittedNatures(db: Kysely<Database>): Promise<ActTransmissionSettings> {
  const value = await readAppSetting(db, ACT_TRANSMISSION_KEY);
  const parsed = value === undefined ? null : ActTransmissionSettingsSchema.safeParse(JSON.parse(value));
  return parsed?.success ? parsed.data : { natures: [...TRANSMISSIBLE_NATURES] };
}

/** `PUT acts/transmission`: the natures transmitted, and their history entry, together. */
export async function saveTransmittedNatures(
  db: Kysely<Database>,
  actor: Actor,
  settings: ActTransmissionSettings,
): Promise<ActTransmissionSettings> {
  await db.transaction().execute(async (trx) => {
    const before = await readTransmittedNatures(trx);
    // Kept in the domain's order, each nature once.
    const natures = TRANSMISSIBLE_NATURES.filter((nature) => settings.natures.includes(nature));
    await writeAppSetting(trx, ACT_TRANSMISSION_KEY, JSON.stringify({ natures }));
    await writeHistory(trx, {
      entity: 'acts',
      entityId: null,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: 'Natures des actes transmis au préfet enregistrées',
      data: { before: before.natures, after: natures },
    });
  });
  return readTransmittedNatures(db);
}

/** Whether acts of this nature go to the prefect, by these settings. */
export function isTransmitted(settings: ActTransmissionSettings, nature: ActNature): boolean {
  return (settings.natures as readonly string[]).includes(nature);
}

async function findAct(db: Kysely<Database>, number: string) {
  const act = await db
    .selectFrom('actRegister as a')
    .leftJoin('document as d', 'd.id', 'a.documentId')
    .leftJoin('actTransmission as t', 't.actId', 'a.id')
    .select([
      'a.id',
      'a.number',
      'a.nature',
      'a.subject',
      'a.signedAt',
      'd.storageKey',
      't.identifier',
      (eb) => eb.fn<string | null>('to_char', ['t.receivedOn', eb.val('YYYY-MM-DD')]).as('receivedOn'),
    ])
    .where('a.number', '=', number)
    .executeTakeFirst();
  if (!act) throw new AppError('NOT_FOUND', ACT_TRANSMISSION_MESSAGES.actNotFound);
  return act;
}

/** `GET acts/{number}/transmission`: whether the act is transmitted, and its acknowledgement. */
export async function loadActTransmission(db: Kysely<Database>, number: string): Promise<ActTransmission> {
  const [act, settings] = await Promise.all([findAct(db, number), readTransmittedNatures(db)]);
  return {
    required: isTransmitted(settings, act.nature),
    receivedOn: act.receivedOn,
    identifier: act.identifier,
  };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** The version of the ACTES classification the matters are taken from (the nomenclature of 2004, kept since). */
const CLASSIFICATION_VERSION = '2004-02-16';

/** The ACTES metadata of one act (« acte métier »), as the certified operators build it. */
export function actesMetadataXml(act: {
  number: string;
  nature: ActNature;
  subject: string;
  decisionDay: string;
  pdfName: string;
}): string {
  const matters = ACT_MATTERS[act.nature].code.split('.');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<actes:Acte xmlns:actes="http://www.interieur.gouv.fr/ACTES#v1.1-20040216"',
    '  xmlns:insee="http://xml.insee.fr/schema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '  xsi:schemaLocation="http://www.interieur.gouv.fr/ACTES#v1.1-20040216 actesv1_1.xsd"',
    `  actes:Date="${act.decisionDay}" actes:NumeroInterne="${escapeXml(act.number)}" actes:CodeNatureActe="${String(ACTES_NATURE_CODES[act.nature])}">`,
    ...matters.map((code, index) => `  <actes:CodeMatiere${String(index + 1)} actes:CodeMatiere="${code}"/>`),
    `  <actes:Objet>${escapeXml(act.subject.slice(0, ACTES_SUBJECT_MAX))}</actes:Objet>`,
    `  <actes:ClassificationDateVersion>${CLASSIFICATION_VERSION}</actes:ClassificationDateVersion>`,
    `  <actes:Document><actes:NomFichier>${escapeXml(act.pdfName)}</actes:NomFichier></actes:Document>`,
    '  <actes:Annexes actes:Nombre="0"/>',
    '</actes:Acte>',
    '',
  ].join('\n');
}

/**
 * `GET acts/{number}/actes.zip`: the act's ACTES package — `…_0.xml` (the metadata) and `…_1.pdf`
 * (the signed act; its annexes are merged in it at generation), named
 * `{département}-{SIREN}-{AAAAMMJJ}-{numéro}-{nature}-1-1_{n}` as @CTES names a transmission.
 */
export async function actesPackage(
  db: Kysely<Database>,
  store: FileStore,
  number: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const [act, settings] = await Promise.all([findAct(db, number), readTransmittedNatures(db)]);
  if (!isTransmitted(settings, act.nature)) {
    throw new AppError('CONFLICT', ACT_TRANSMISSION_MESSAGES.notTransmitted);
  }
  const pdf = act.storageKey ? await store.read(act.storageKey) : null;
  if (!pdf) throw new AppError('CONFLICT', ACT_TRANSMISSION_MESSAGES.noSignedPdf);
  const decisionDay = parisIsoDay(new Date(act.signedAt));
  const base = [
    COMMUNITY.departement.padStart(3, '0'),
    COMMUNITY.siren,
    decisionDay.replaceAll('-', ''),
    act.number,
    ACTES_NATURE_SHORT[ACTES_NATURE_CODES[act.nature]],
    '1',
    '1',
  ].join('-');
  const pdfName = `${base}_1.pdf`;
  const zip = new PizZip();
  zip.file(`${base}_0.xml`, actesMetadataXml({ ...act, decisionDay, pdfName }));
  zip.file(pdfName, pdf);
  return {
    fileName: `${base}.zip`,
    bytes: zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }),
  };
}

/** `PUT acts/{number}/transmission`: the prefecture's acknowledgement, entered from its receipt. */
export async function recordAcknowledgement(
  db: Kysely<Database>,
  actor: Actor,
  number: string,
  acknowledgement: ActAcknowledgement,
): Promise<ActTransmission> {
  await db.transaction().execute(async (trx) => {
    const [act, settings] = await Promise.all([findAct(trx, number), readTransmittedNatures(trx)]);
    if (!isTransmitted(settings, act.nature)) {
      throw new AppError('CONFLICT', ACT_TRANSMISSION_MESSAGES.notTransmitted);
    }
    const refuse = (path: string, message: string) =>
      new AppError('VALIDATION', message, { errors: [{ path, message }] });
    if (acknowledgement.receivedOn < parisIsoDay(new Date(act.signedAt))) {
      throw refuse('receivedOn', ACT_TRANSMISSION_MESSAGES.receivedBeforeSignature);
    }
    if (ACTES_ACKNOWLEDGEMENT_ID.exec(acknowledgement.identifier)?.[1] !== act.number) {
      throw refuse('identifier', ACT_TRANSMISSION_MESSAGES.identifierOfAnotherAct(act.number));
    }
    const values = { ...acknowledgement, recordedBy: actor.id };
    await trx
      .insertInto('actTransmission')
      .values({ actId: act.id, ...values })
      .onConflict((oc) => oc.column('actId').doUpdateSet({ ...values, recordedAt: new Date() }))
      .execute();
    await writeHistory(trx, {
      entity: 'acts',
      entityId: act.id,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: `Accusé de réception de la préfecture enregistré pour l'acte ${act.number}`,
      data: { before: act.receivedOn, after: acknowledgement },
    });
  });
  return loadActTransmission(db, number);
}
