import type { Insertable } from 'kysely';
import {
  DOCUMENT_TYPE,
  LETTERS,
  letterFileName,
  NOTICES,
  RECEPTION_REFUSED_NOTICE,
  receptionRefusalText,
  type PublicDomainPart,
  type ReceptionRefusalReason,
  type StateId,
  type WorkflowAction,
} from '@voirie/domain';
import type { HistoryLogTable } from '../db/schema/accounts.ts';
import type { DocumentTable, ReceptionTable } from '../db/schema/documents.ts';
import { demoPdf, demoPhoto, type DemoFile, type StoredDemoFile } from './demo-files.ts';
import type { HistoryData } from '../history/history.ts';

// The works phase of the demo requests: what happened to a permission after its
// signed order — reception asked by photos or by appointment, proposals, outcome, refusals,
// road disturbance, extension, cancelled works — as the API would have written it: the request's
// state, its reception (docs/data-model.md "Entities"), its documents (signed order, photos with
// where they were taken, letters as mailed) and its history, the comments in `data.comment`.

/** A works-phase story; its request's state follows from it (WORKS_STATES). */
export type WorksScenario =
  | 'awaiting'
  | 'appointmentAsked'
  | 'appointmentsProposed'
  | 'photosSent'
  | 'appointmentAccepted'
  | 'refusedOnce'
  | 'refusedTwice'
  | 'accepted'
  | 'roadDisturbance'
  | 'extended'
  | 'extension'
  | 'worksCancelled'
  /** Signed with no works follow-up (state 5): the signed order only. */
  | 'closed';

/** The request's state, previous state and signature flag at the end of a story. */
export const WORKS_STATES: Readonly<
  Record<WorksScenario, { stateId: StateId; exState: StateId | null; sendToSign: boolean }>
> = {
  awaiting: { stateId: 4, exState: 3, sendToSign: false },
  appointmentAsked: { stateId: 6, exState: 4, sendToSign: false },
  appointmentsProposed: { stateId: 6, exState: 4, sendToSign: false },
  photosSent: { stateId: 7, exState: 4, sendToSign: false },
  appointmentAccepted: { stateId: 7, exState: 6, sendToSign: false },
  refusedOnce: { stateId: 12, exState: 7, sendToSign: false },
  refusedTwice: { stateId: 13, exState: 12, sendToSign: false },
  // An accepted reception is flagged to be sent for signature (the domain's recordReception).
  accepted: { stateId: 2, exState: 7, sendToSign: true },
  roadDisturbance: { stateId: 2, exState: 7, sendToSign: true },
  extended: { stateId: 10, exState: 4, sendToSign: false },
  extension: { stateId: 3, exState: null, sendToSign: false },
  worksCancelled: { stateId: 1, exState: 4, sendToSign: false },
  closed: { stateId: 5, exState: 3, sendToSign: false },
};

/**
 * The demo applicant's showcase, in order, on its first permissions: one request per
 * works-phase state and variant, dated from the seed's day (`ago`: deposit, works start, in days
 * before it; `days`: the works' length). The extension follows the request it extends.
 */
export const DEMO_WORKS_SHOWCASE: readonly {
  scenario: WorksScenario;
  kind: 1 | 3;
  ago: [number, number];
  days: number;
}[] = [
  { scenario: 'awaiting', kind: 1, ago: [60, 20], days: 40 },
  { scenario: 'appointmentAsked', kind: 3, ago: [90, 45], days: 30 },
  { scenario: 'appointmentsProposed', kind: 1, ago: [100, 50], days: 35 },
  { scenario: 'photosSent', kind: 3, ago: [95, 50], days: 40 },
  { scenario: 'appointmentAccepted', kind: 1, ago: [110, 60], days: 40 },
  { scenario: 'refusedOnce', kind: 1, ago: [140, 90], days: 45 },
  { scenario: 'refusedTwice', kind: 3, ago: [200, 150], days: 40 },
  { scenario: 'accepted', kind: 3, ago: [150, 100], days: 30 },
  { scenario: 'roadDisturbance', kind: 1, ago: [180, 130], days: 30 },
  { scenario: 'extended', kind: 1, ago: [120, 70], days: 75 },
  { scenario: 'extension', kind: 1, ago: [0, 0], days: 0 },
  { scenario: 'worksCancelled', kind: 3, ago: [80, 30], days: 30 },
  { scenario: 'awaiting', kind: 3, ago: [45, 10], days: 60 },
];

/** The story of a request in a works-phase state drawn at random (not the showcase's). */
export function scenarioForState(stateId: number, random: () => number): WorksScenario | null {
  switch (stateId) {
    case 4:
      return 'awaiting';
    case 5:
      return 'closed';
    case 6:
      return random() < 0.5 ? 'appointmentAsked' : 'appointmentsProposed';
    case 7:
      return random() < 0.6 ? 'photosSent' : 'appointmentAccepted';
    case 12:
      return 'refusedOnce';
    case 13:
      return 'refusedTwice';
    case 2:
      return random() < 0.15 ? 'roadDisturbance' : 'accepted';
    default:
      return null;
  }
}

/** A request whose works-phase story is written, as inserted. */
export interface StoryRequest {
  id: number;
  kind: number;
  scenario: WorksScenario;
  /** The demo applicant's showcase: fixed choices, its own letters. */
  showcase: boolean;
  owner: { userId: number | null; email: string };
  instructorId: number | null;
  instructorEmail: string;
  lon: number;
  lat: number;
  deposit: Date;
  dateStart: Date | null;
  dateEnd: Date | null;
  numaffaire: string;
  address: string;
  /** 'extended': its extension; 'extension': the request it extends. */
  linkedId?: number;
  /** 'extended': when its extension was filed. */
  extensionFiledAt?: Date;
}

/** A document row before its file is stored (`file`: a key of WorksRows.files). */
export type StoryDocument = Omit<Insertable<DocumentTable>, 'size' | 'sha256' | 'storageKey' | 'mimeType'> & {
  file: string;
};

export interface WorksRows {
  receptions: Insertable<ReceptionTable>[];
  documents: StoryDocument[];
  history: Insertable<HistoryLogTable>[];
  /** The files the documents name, by key (shared contents once). */
  files: Map<string, DemoFile>;
}

const DAY = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (date: Date) =>
  `${String(date.getUTCFullYear())}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const frenchDay = (date: Date) =>
  `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${String(date.getUTCFullYear())}`;
/** A day at a given UTC time (appointments: 8:30 UTC is 9:30 in Paris in winter). */
const at = (day: number, hours: number) => new Date(Math.floor(day / DAY) * DAY + hours * 3_600_000);

/** Where a photo was taken: `metres` from the works, towards `bearing` (degrees). */
function offsetFrom(lon: number, lat: number, metres: number, bearing: number) {
  const radians = (bearing * Math.PI) / 180;
  const north = Math.cos(radians) * metres;
  const east = Math.sin(radians) * metres;
  return {
    lat: lat + north / 111_320,
    lon: lon + east / (111_320 * Math.cos((lat * Math.PI) / 180)),
  };
}

const REFUSALS: readonly {
  motifRefus: ReceptionRefusalReason[];
  motifRefusTxt: string | null;
  partieDomainePublic: PublicDomainPart[];
}[] = [
  {
    motifRefus: ['joints', 'autre'],
    motifRefusTxt: 'Affaissement de l’enrobé en rive de tranchée sur environ 4 m.',
    partieDomainePublic: ['Chaussée'],
  },
  {
    motifRefus: ['redans', 'prescriptions non respectées'],
    motifRefusTxt: null,
    partieDomainePublic: ['Chaussée', 'Trottoir'],
  },
  {
    motifRefus: ['joints'],
    motifRefusTxt: null,
    partieDomainePublic: ['Accotement'],
  },
  {
    motifRefus: ['autre'],
    motifRefusTxt: 'Bordure de trottoir descellée au droit du nouvel accès.',
    partieDomainePublic: ['Trottoir'],
  },
];

/** The refusal's sentences, as the letters print them (the history's comment). */
const refusalComment = (refusal: (typeof REFUSALS)[number]) =>
  refusal.motifRefus.map((reason) => receptionRefusalText(reason, refusal.motifRefusTxt)).join(' ');

const DISTURBANCE_COMMENTS = [
  'Affaissement de la chaussée au droit de la tranchée, flache d’eau persistante : danger pour les deux-roues.',
  'Enrobé arraché sur 2 m² en sortie du nouvel accès, gravillons sur la voie.',
];

const SIGNED_ORDER = 'signed-order';

/** Stories still waiting for the instructor or the applicant: asked within the last month. */
const PENDING: ReadonlySet<WorksScenario> = new Set([
  'appointmentAsked',
  'appointmentsProposed',
  'photosSent',
  'appointmentAccepted',
]);

/**
 * Builds the rows of the stories: each request's reception, documents and history, from its
 * deposit to `today` (the seed's day, ms at UTC midnight). Deterministic: the same requests and
 * draws give the same rows.
 */
export function buildWorksStories(
  requests: readonly StoryRequest[],
  options: { today: number; random: () => number },
): WorksRows {
  const { today, random } = options;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const rows: WorksRows = { receptions: [], documents: [], history: [], files: new Map() };
  const file = (key: string, make: () => DemoFile) => {
    if (!rows.files.has(key)) rows.files.set(key, make());
    return key;
  };
  const photo = (variant: number) => file(`photo-${String(variant)}`, () => demoPhoto(variant));
  file(SIGNED_ORDER, () =>
    demoPdf('Arrêté de permission de voirie (signé)', [
      'Communauté de communes Maremne Adour Côte Sud — service voirie.',
      '',
      'Document de démonstration : arrêté signé de la demande, dont le détail figure dans le portail.',
    ]),
  );

  for (const request of requests) {
    const owner = { userId: request.owner.userId, email: request.owner.email };
    const instructor = { userId: request.instructorId, email: request.instructorEmail };
    const log = (
      when: Date,
      who: { userId: number | null; email: string },
      context: string,
      data: HistoryData,
    ) =>
      rows.history.push({
        entity: 'request',
        entityId: request.id,
        userId: who.userId,
        email: who.email,
        picture: null,
        context,
        data: JSON.stringify(data),
        loggedAt: when,
      });
    const transition = (
      when: Date,
      who: { userId: number | null; email: string },
      action: WorkflowAction,
      from: StateId,
      to: StateId,
      data: HistoryData = {},
      context: string = NOTICES[action],
    ) => log(when, who, context, { action, from, to, ...data });
    const document = (
      when: Date,
      typeDocumentId: number,
      name: string,
      key: string,
      extra: Partial<StoryDocument> = {},
    ) =>
      rows.documents.push({
        requestId: request.id,
        stdUserId: instructor.userId,
        typeDocumentId,
        name,
        file: key,
        createdAt: when,
        ...extra,
      });
    /** A photo taken `metres` from the works, its place sent by the device. */
    const located = (metres: number) => ({
      ...offsetFrom(request.lon, request.lat, metres, between(0, 359)),
      positionSource: 'device' as const,
    });
    const letter = (
      when: Date,
      kind: keyof typeof LETTERS,
      from: StateId,
      lines: string[],
      sentAt: Date | null,
    ) => {
      const key = request.showcase
        ? file(`${kind}-${String(request.id)}-${String(when.getTime())}`, () =>
            demoPdf(LETTERS[kind].label, [
              `Demande n° ${String(request.id)} — dossier ${request.numaffaire}`,
              request.address,
              '',
              ...lines,
              '',
              'Document de démonstration.',
            ]),
          )
        : file(kind, () =>
            demoPdf(LETTERS[kind].label, [
              'Document de démonstration : courrier de la réception des travaux.',
            ]),
          );
      document(when, LETTERS[kind].typeDocumentId, letterFileName(kind, request.id, 'pdf'), key, { sentAt });
      transition(
        when,
        instructor,
        kind === 'disturbanceMinutes' ? 'generateDisturbanceMinutes' : 'generateLetter',
        from,
        from,
        { kind },
      );
    };

    // Filed, decided, signed: every story starts with the instruction of its permission.
    const deposit = request.deposit.getTime();
    const signed = new Date(deposit + 10 * DAY + 3_600_000);
    if (request.scenario !== 'extension') {
      log(request.deposit, owner, 'Dépôt de la demande', { action: 'file', to: 3, type: request.kind });
      transition(new Date(deposit + 6 * DAY), instructor, 'saveDecision', 3, 3, {
        isFavorable: request.scenario !== 'closed' || request.kind === 2,
      });
      transition(new Date(deposit + 7 * DAY), instructor, 'submitForSignature', 3, 3, { provider: 'manual' });
      document(
        signed,
        DOCUMENT_TYPE.SIGNED_DECISION_ORDER,
        `arrete-signe-${String(request.id)}.pdf`,
        SIGNED_ORDER,
      );
      transition(signed, instructor, 'signatureReturned', 3, request.scenario === 'closed' ? 5 : 4);
    }

    // The works phase's events, evenly spread from the end of the works (their start, when the
    // story happens while they go on) to the seed's day; a pending reception was asked lately.
    const steps = STEPS[request.scenario];
    const works = ['extended', 'worksCancelled'].includes(request.scenario)
      ? request.dateStart
      : request.dateEnd;
    let from = Math.max(works?.getTime() ?? signed.getTime(), signed.getTime() + DAY);
    if (PENDING.has(request.scenario)) from = Math.max(from, today - 30 * DAY);
    from = Math.min(from, today - (steps + 1) * DAY);
    const times = Array.from({ length: steps }, (_, index) =>
      at(from + ((index + 1) * (today - from)) / (steps + 1), between(8, 16) + 0.25 * between(0, 3)),
    );
    const refusal = REFUSALS[request.showcase ? 0 : between(0, REFUSALS.length - 1)]!;
    const secondRefusal = REFUSALS[request.showcase ? 1 : between(0, REFUSALS.length - 1)]!;
    const near = () => located(between(8, 45));
    const sendPhotos = (when: Date, from: StateId, far: boolean, variant: number) => {
      document(when, DOCUMENT_TYPE.RECEPTION_PHOTO, 'photo-reception.png', photo(variant), {
        stdUserId: owner.userId,
        ...near(),
      });
      document(when, DOCUMENT_TYPE.RECEPTION_EXTRA_PHOTO, 'photo-complementaire.png', photo(variant + 1), {
        stdUserId: owner.userId,
        // The showcase's second photo was taken at the office, 400 m away: the page warns.
        ...(far ? located(between(380, 450)) : near()),
      });
      transition(when, owner, 'requestReception', from, 7, { option: 'Photos' });
    };
    const refuse = (
      when: Date,
      from: StateId,
      to: StateId,
      chosen: (typeof REFUSALS)[number],
      variant: number,
    ) => {
      document(when, DOCUMENT_TYPE.RECEPTION_PHOTO, 'photo-refus.png', photo(variant), near());
      transition(
        when,
        instructor,
        'recordReception',
        from,
        to,
        { avis: 'refusé', motifRefus: chosen.motifRefus, comment: refusalComment(chosen) },
        RECEPTION_REFUSED_NOTICE,
      );
    };
    const noticeLines = (chosen: (typeof REFUSALS)[number], visit: Date) => [
      `Lors de la visite du ${frenchDay(visit)}, la réfection du domaine public (${chosen.partieDomainePublic.join(', ')}) n'a pas pu être réceptionnée :`,
      ...chosen.motifRefus.map((reason) => `- ${receptionRefusalText(reason, chosen.motifRefusTxt)}`),
      'Vous êtes mis en demeure de reprendre ces travaux dans un délai de 30 jours.',
    ];
    const proposals = (first: number, count: number) =>
      [0, 1, 2]
        .slice(0, count)
        .map((rank) => at(first + rank * between(2, 3) * DAY, [8.5, 13, 7.5][rank]!).toISOString());
    const base = { requestId: request.id, createdAt: times[0] ?? signed, updatedAt: times.at(-1) ?? signed };

    switch (request.scenario) {
      case 'awaiting':
      case 'closed':
        break;
      case 'appointmentAsked':
      case 'appointmentsProposed': {
        transition(times[0]!, owner, 'requestReception', 4, 6, { option: 'Rendez-vous' });
        const count = request.showcase ? 3 : between(1, 3);
        // In the future of the seed's day: the applicant's choice opens on the request's page.
        const [rdv1 = null, rdv2 = null, rdv3 = null] =
          request.scenario === 'appointmentsProposed' ? proposals(today + between(3, 5) * DAY, count) : [];
        if (rdv1)
          transition(times[1]!, instructor, 'proposeAppointments', 6, 6, {
            appointments: [rdv1, rdv2, rdv3].filter(Boolean),
          });
        rows.receptions.push({ ...base, stateId: 6, exState: null, option: 'Rendez-vous', rdv1, rdv2, rdv3 });
        break;
      }
      case 'photosSent':
        if (request.showcase)
          document(
            times[0]!,
            DOCUMENT_TYPE.AS_BUILT_PLANS,
            'plans-recolement.pdf',
            file(`plans-${String(request.id)}`, () =>
              demoPdf('Plans de récolement', [
                `Demande n° ${String(request.id)} — ${request.address}`,
                '',
                'Document de démonstration.',
              ]),
            ),
            { stdUserId: owner.userId },
          );
        sendPhotos(times[0]!, 4, request.showcase, between(0, 3));
        rows.receptions.push({ ...base, stateId: 7, exState: null, option: 'Photos' });
        break;
      case 'appointmentAccepted': {
        transition(times[0]!, owner, 'requestReception', 4, 6, { option: 'Rendez-vous' });
        // The chosen appointment is ahead: the instructor will record the outcome after it.
        const [rdv1 = null, rdv2 = null] = proposals(today + between(2, 4) * DAY, 2);
        const choice = request.showcase ? 2 : between(1, 2);
        transition(times[1]!, instructor, 'proposeAppointments', 6, 6, { appointments: [rdv1, rdv2] });
        transition(times[2]!, owner, 'chooseAppointment', 6, 7, { choice });
        rows.receptions.push({
          ...base,
          stateId: 7,
          exState: null,
          option: 'Rendez-vous',
          rdv1,
          rdv2,
          acceptRdv: choice as 1 | 2,
        });
        break;
      }
      case 'refusedOnce':
      case 'refusedTwice': {
        sendPhotos(times[0]!, 4, false, between(0, 3));
        letter(times[1]!, 'formalNotice', 7, noticeLines(refusal, times[2]!), times[2]!);
        refuse(times[2]!, 7, 12, refusal, 4);
        let last = refusal;
        if (request.scenario === 'refusedTwice') {
          // The second refusal is recorded from 12, the transition table's only way to 13
          // (workflow-table.ts): a reception asked again from 12 goes to 7, whose refusal is 12.
          letter(times[3]!, 'formalNotice', 12, noticeLines(secondRefusal, times[4]!), times[4]!);
          refuse(times[4]!, 12, 13, secondRefusal, 8);
          last = secondRefusal;
        }
        const visit = times.at(-1)!;
        rows.receptions.push({
          ...base,
          stateId: request.scenario === 'refusedTwice' ? 13 : 12,
          // One round: the second refusal updates the reception asked from 4 (no new request).
          exState: null,
          option: 'Photos',
          avis: 'refusé',
          dateVisite: isoDay(visit),
          motifRefus: last.motifRefus,
          motifRefusTxt: last.motifRefusTxt,
          partieDomainePublic: last.partieDomainePublic,
        });
        break;
      }
      case 'accepted': {
        transition(times[0]!, owner, 'requestReception', 4, 6, { option: 'Rendez-vous' });
        // The visit was the first proposal; the second was two days later.
        const visit = times[3]!;
        const rdv1 = at(visit.getTime(), 8.5).toISOString();
        const rdv2 = at(visit.getTime() + 2 * DAY, 13).toISOString();
        transition(times[1]!, instructor, 'proposeAppointments', 6, 6, { appointments: [rdv1, rdv2] });
        transition(times[2]!, owner, 'chooseAppointment', 6, 7, { choice: 1 });
        letter(times[3]!, 'minutes', 7, ['Les travaux ont été réceptionnés sans réserve.'], times[4]!);
        transition(times[4]!, instructor, 'recordReception', 7, 2, { avis: 'accepté' });
        rows.receptions.push({
          ...base,
          stateId: 2,
          exState: null,
          option: 'Rendez-vous',
          rdv1,
          rdv2,
          acceptRdv: 1,
          avis: 'accepté',
          dateVisite: isoDay(visit),
          motifRefus: [],
          partieDomainePublic: [],
        });
        break;
      }
      case 'roadDisturbance': {
        sendPhotos(times[0]!, 4, false, between(0, 3));
        letter(times[1]!, 'minutes', 7, ['Les travaux ont été réceptionnés sans réserve.'], times[2]!);
        transition(times[2]!, instructor, 'recordReception', 7, 2, { avis: 'accepté' });
        const seen = times[3]!;
        const comment = DISTURBANCE_COMMENTS[request.showcase ? 0 : between(0, 1)]!;
        const place = offsetFrom(request.lon, request.lat, between(3, 12), between(0, 359));
        document(seen, DOCUMENT_TYPE.ROAD_DISTURBANCE_PHOTO, 'perturbation.png', photo(9), near());
        transition(seen, instructor, 'declareRoadDisturbance', 2, 2, {
          comment,
          witnessId: instructor.userId,
          lat: place.lat,
          lon: place.lon,
        });
        letter(times[4]!, 'disturbanceMinutes', 2, [`Constat du ${frenchDay(seen)} : ${comment}`], times[4]!);
        rows.receptions.push({
          ...base,
          stateId: 2,
          exState: null,
          option: 'Photos',
          avis: 'accepté',
          dateVisite: isoDay(times[2]!),
          motifRefus: [],
          partieDomainePublic: [],
          roadDisturbance: true,
          lat: place.lat,
          lon: place.lon,
          witnessUserId: instructor.userId,
          disturbanceComment: comment,
          disturbanceAt: seen,
        });
        break;
      }
      case 'extended':
        // When the extension was filed (its deposit).
        transition(request.extensionFiledAt ?? times[0]!, owner, 'extend', 4, 10, {
          extension: request.linkedId,
        });
        break;
      case 'extension':
        log(request.deposit, owner, 'Dépôt de la demande', {
          action: 'file',
          to: 3,
          type: request.kind,
          extensionOf: request.linkedId,
        });
        break;
      case 'worksCancelled':
        transition(times[0]!, owner, 'cancelWorks', 4, 1);
        break;
    }
  }
  return rows;
}

/** How many works-phase events each story has (spread over time by buildWorksStories). */
const STEPS: Readonly<Record<WorksScenario, number>> = {
  awaiting: 0,
  closed: 0,
  appointmentAsked: 1,
  appointmentsProposed: 2,
  photosSent: 1,
  appointmentAccepted: 3,
  refusedOnce: 3,
  refusedTwice: 5,
  accepted: 5,
  roadDisturbance: 5,
  extended: 1,
  extension: 0,
  worksCancelled: 1,
};

/** The document rows with their stored files. */
export function storedDocumentRows(
  documents: readonly StoryDocument[],
  stored: ReadonlyMap<string, StoredDemoFile>,
): Insertable<DocumentTable>[] {
  return documents.map(({ file, ...document }) => {
    const content = stored.get(file)!;
    return {
      ...document,
      mimeType: content.mimeType,
      size: content.size,
      sha256: content.sha256,
      storageKey: content.storageKey,
    };
  });
}
