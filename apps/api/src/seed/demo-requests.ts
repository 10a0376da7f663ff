import { sql, type Insertable, type Kysely } from 'kysely';
import type { FileStore } from '../files/file-store.ts';
import type { Database } from '../db/schema/index.ts';
import type {
  Cerfa14023Table,
  IndividualAlignmentRequestTable,
  PetitionerTable,
  RequestTable,
} from '../db/schema/requests.ts';
import {
  DEMO_MISSING_DOCUMENT_TYPE_IDS,
  demoAlignmentForm,
  demoParcels,
  demoSitesByTown,
  demoWorksForm,
  type DemoSite,
} from './demo-request-content.ts';
import { seedDemoActRegister } from './demo-acts.ts';
import { seedDemoClocks } from './demo-clocks.ts';
import { seedDemoCombined } from './demo-combined.ts';
import { seedDemoCoordination } from './demo-coordination.ts';
import { storeDemoFiles } from './demo-files.ts';
import { seedDemoPublicWorks } from './demo-public-works.ts';
import {
  buildWorksStories,
  DEMO_WORKS_SHOWCASE,
  scenarioForState,
  storedDocumentRows,
  WORKS_STATES,
  type StoryRequest,
  type WorksScenario,
} from './demo-works.ts';

// Demo requests (demo mode only): a few hundred requests across the three kinds, every state
// and the 23 towns, owned by the demo accounts, so that a newcomer signing in sees a living
// list and map. Deterministic: the same seed (and day) gives the same requests. The permissions
// past their signature carry their works-phase story (demo-works.ts): the demo applicant's first
// ones show every works-phase state, dated from the seed's day.

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Marie',
  'Jean',
  'Camille',
  'Pierre',
  'Sophie',
  'Nicolas',
  'Isabelle',
  'Thomas',
  'Nathalie',
  'Julien',
  'Élodie',
  'François',
  'Hélène',
  'Mathieu',
  'Céline',
  'Sébastien',
  'Amélie',
  'Jérôme',
  'Laure',
  'Bernard',
];
const LAST_NAMES = [
  'Dupont',
  'Lalanne',
  'Darrigade',
  'Labat',
  'Dubourdieu',
  'Lafargue',
  'Duprat',
  'Castaing',
  'Bergès',
  'Lesbats',
  'Dufau',
  'Laborde',
  'Ducos',
  'Larrieu',
  'Hourcade',
  'Saint-Martin',
  'Cazenave',
  'Lacoste',
  'Pédebosq',
  'Garat',
];
const COMPANIES = [
  'Eiffage Route Sud-Ouest',
  'Colas Aquitaine',
  'Enedis Landes',
  'GRDF Sud-Ouest',
  'Orange Réseaux',
  'SYDEC Landes',
  'Bouygues Énergies',
  'TP Côte Sud',
  'Réseaux Sud Landes',
  'Atlantic Voirie',
];
const WAY_TYPES = ['Rue', 'Avenue', 'Chemin', 'Allée', 'Route', 'Impasse', 'Boulevard', 'Place'];
const STREETS = [
  'des Pins',
  'de la Plage',
  'du Port',
  'des Landes',
  'de la Gare',
  'Jean Jaurès',
  "de l'Océan",
  'des Écoles',
  'du Lac',
  'des Chênes',
  'du Marensin',
  'de la Mairie',
  'des Arènes',
  "de l'Adour",
  'du Moulin',
];
const MAIL_STATUSES = ['sent', 'opened', 'clicked', 'queued', 'deferred', 'hardbounced'];
const MAIL_CONTEXTS = [
  'Dépôt de la demande',
  'Transfert pour instruction',
  'Demande de complétude',
  "Envoi de l'arrêté",
];

/** States offered per kind: the alignment kind has no works follow-up. */
// No 999: a generation is transient (a stopped server's are returned to 3 at start-up).
// No 10 either: an extended request comes with its extension (the demo applicant's showcase).
/** Requests awaiting their decision were filed up to this many days before the seed's day. */
const RECENT_FILING_DAYS = 66;

const PERMISSION_STATES = [3, 3, 3, 9, 8, 3, 4, 4, 4, 12, 13, 6, 7, 2, 2, 2, 1, 5, 4, 11];
const ALIGNMENT_STATES = [3, 3, 9, 8, 3, 5, 5, 5, 1, 11];

const DEMO_EMAILS = [
  'admin@exemple.fr',
  'instructeur@exemple.fr',
  'demandeur@exemple.fr',
  'guichet@exemple.fr',
  'gestionnaire@exemple.fr',
  'operateur@exemple.fr',
  'soustraitant@exemple.fr',
] as const;

interface Town {
  insee: string;
  name: string;
  postalCode: string;
  x: number;
  y: number;
}

/** Gives the guichet (Capbreton), the road manager (Seignosse) and the operator (an operator group) their perimeters. */
async function ensurePerimeters(trx: Kysely<Database>, users: Map<string, number>): Promise<number | null> {
  const link = async (email: string, perimeterId: number, kind: 'guichet' | 'gestionnaire' | 'operateur') => {
    const userId = users.get(email);
    if (userId === undefined) return;
    await trx
      .insertInto('userPerimeter')
      .values({ userId, perimeterId, kind })
      .onConflict((oc) => oc.doNothing())
      .execute();
  };
  const town = (insee: string) =>
    trx
      .selectFrom('perimeter')
      .select('id')
      .where('type', '=', 'town')
      .where('code', '=', insee)
      .executeTakeFirst();
  const capbreton = await town('40065');
  if (capbreton) await link('guichet@exemple.fr', capbreton.id, 'guichet');
  const seignosse = await town('40296');
  if (seignosse) await link('gestionnaire@exemple.fr', seignosse.id, 'gestionnaire');
  const operatorUser = users.get('operateur@exemple.fr');
  if (operatorUser === undefined) return null;
  const existing = await trx
    .selectFrom('userPerimeter as up')
    .innerJoin('perimeter as p', 'p.id', 'up.perimeterId')
    .select('p.id')
    .where('up.userId', '=', operatorUser)
    .where('p.type', '=', 'operator')
    .executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await trx
    .insertInto('perimeter')
    .values({ libelle: 'Réseaux Sud Landes', code: '90000000000019', type: 'operator' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const epci = await trx.selectFrom('perimeter').select('id').where('type', '=', 'epci').executeTakeFirst();
  if (epci)
    await trx.insertInto('perimeterMember').values({ operatorId: id, perimeterId: epci.id }).execute();
  await link('operateur@exemple.fr', id, 'operateur');
  return id;
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (date: Date) =>
  `${String(date.getUTCFullYear())}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The app_setting key recorded with the demo requests: they are seeded once. */
const DEMO_REQUESTS_SETTING = 'demo_requests';

/**
 * Seeds `count` demo requests (default 300) once: when the request table is empty, or with
 * `evenIfRequests` — a first start's preparation, during which users may already have filed —
 * when they were never seeded; a second start changes nothing. Needs the demo accounts (seedDemoAccounts) and the member towns. `now` is the
 * seed's clock (its day dates the works phase: proposed appointments are ahead of it); with
 * `store`, the documents (signed orders, reception photos, letters) are stored in it —
 * without it, none is written.
 */
export async function seedDemoRequests(
  db: Kysely<Database>,
  options: { count?: number; seed?: number; now?: Date; store?: FileStore; evenIfRequests?: boolean } = {},
): Promise<{ created: number }> {
  const count = options.count ?? 300;
  const now = options.now ?? new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const seeded = await db
    .selectFrom('appSetting')
    .select('key')
    .where('key', '=', DEMO_REQUESTS_SETTING)
    .executeTakeFirst();
  if (seeded) return { created: 0 };
  if (!options.evenIfRequests) {
    const existing = await db.selectFrom('request').select('id').limit(1).executeTakeFirst();
    if (existing) return { created: 0 };
  }
  const userRows = await db
    .selectFrom('stdUser')
    .select(['id', 'email'])
    .where('email', 'in', [...DEMO_EMAILS])
    .execute();
  const users = new Map(userRows.map((row) => [row.email, row.id]));
  const { rows: towns } = await sql<Town>`
    SELECT insee_code AS insee, name, postal_code AS "postalCode",
      ST_X(ST_PointOnSurface(geom)) AS x, ST_Y(ST_PointOnSurface(geom)) AS y
    FROM commune ORDER BY insee_code`.execute(db);
  if (towns.length === 0) return { created: 0 };
  const sitesByTown = await demoSitesByTown(db);
  const random = prng(options.seed ?? 20260101);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

  await db.transaction().execute(async (trx) => {
    await trx.insertInto('appSetting').values({ key: DEMO_REQUESTS_SETTING, value: 'true' }).execute();
    const operatorPerimeterId = await ensurePerimeters(trx, users);
    const capbreton = towns.find((town) => town.insee === '40065') ?? towns[0]!;
    const sequenceByYear = new Map<number, number>();
    const petitioners: Insertable<PetitionerTable>[] = [];
    const requests: Insertable<RequestTable>[] = [];
    const mails: {
      index: number;
      userId: number | null;
      toAddress: string;
      context: string;
      status: string;
      createdAt: Date;
    }[] = [];
    const requestIds: number[] = [];
    const forms: (
      | { kind: 2; alignment: Insertable<IndividualAlignmentRequestTable> }
      | { kind: 1 | 3; works: Insertable<Cerfa14023Table> }
    )[] = [];
    const start = Date.UTC(2025, 0, 6);
    const span = Date.UTC(2026, 10, 15) - start;
    // A works-phase story fits between its deposit and the seed's day.
    const worksSpan = Math.max(0, Math.min(span, today - 130 * 86_400_000 - start));
    const stories: { index: number; scenario: WorksScenario; showcase: boolean }[] = [];
    let showcased = 0;
    let extendedIndex = -1;
    for (let index = 0; index < count; index += 1) {
      const roll = random();
      let kind: 1 | 2 | 3 = roll < 0.45 ? 1 : roll < 0.8 ? 3 : 2;
      let state = pick(kind === 2 ? ALIGNMENT_STATES : PERMISSION_STATES);
      // Owners: mostly the applicant, then the operator, the counter, the subcontractor, others.
      const who = random();
      const ownerEmail =
        who < 0.55
          ? 'demandeur@exemple.fr'
          : who < 0.7
            ? 'operateur@exemple.fr'
            : who < 0.8
              ? 'guichet@exemple.fr'
              : who < 0.88
                ? 'soustraitant@exemple.fr'
                : null;
      // The demo applicant's first permissions: one per works-phase state (the showcase).
      const showcase =
        ownerEmail === 'demandeur@exemple.fr' && kind !== 2 ? DEMO_WORKS_SHOWCASE[showcased] : undefined;
      if (showcase) {
        showcased += 1;
        kind = showcase.kind;
        state = WORKS_STATES[showcase.scenario].stateId;
      }
      const scenario = showcase?.scenario ?? scenarioForState(state, random);
      if (scenario) stories.push({ index, scenario, showcase: Boolean(showcase) });
      const town = ownerEmail === 'guichet@exemple.fr' ? capbreton : towns[index % towns.length]!;
      const ownerId = ownerEmail ? (users.get(ownerEmail) ?? null) : null;
      const isCompany =
        ownerEmail === 'operateur@exemple.fr' || ownerEmail === 'soustraitant@exemple.fr' || random() < 0.25;
      const firstName = ownerEmail === 'demandeur@exemple.fr' ? 'Marie' : pick(FIRST_NAMES);
      const lastName = ownerEmail === 'demandeur@exemple.fr' ? 'Durand' : pick(LAST_NAMES);
      petitioners.push({
        nature: isCompany ? 'Entreprise' : 'Particulier',
        title: isCompany ? null : pick(['Monsieur', 'Madame']),
        firstName: isCompany ? null : firstName,
        lastName: isCompany ? null : lastName,
        corporationName: isCompany
          ? ownerEmail === 'operateur@exemple.fr'
            ? 'Réseaux Sud Landes'
            : ownerEmail === 'soustraitant@exemple.fr'
              ? 'TP Côte Sud'
              : pick(COMPANIES)
          : null,
        corporationAgent: isCompany ? `${firstName} ${lastName}` : null,
        addressNum: String(between(1, 80)),
        addressType: pick(WAY_TYPES),
        addressName: pick(STREETS),
        addressCity: town.name,
        addressPostalCode: town.postalCode,
        country: 'France',
        phone: `05${String(between(10_000_000, 99_999_999))}`,
        email:
          ownerEmail ??
          `${firstName}.${lastName}`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z.]/g, '') + '@exemple.fr',
        stdUserId: ownerId,
      });
      const drawn = random();
      const hour = between(8, 17) * 3_600_000;
      // Requests still awaiting their decision (3, 8, 9) were filed in the last weeks, as in a
      // community that decides within its legal delay: a few near or past it (demo-clocks.ts).
      const awaitsDecision = !scenario && [3, 8, 9].includes(state);
      const deposit = showcase
        ? new Date(today - showcase.ago[0] * 86_400_000 + hour)
        : awaitsDecision
          ? new Date(today - (2 + Math.floor(drawn * RECENT_FILING_DAYS)) * 86_400_000 + hour)
          : new Date(start + Math.floor(drawn * (scenario ? worksSpan : span)) + hour);
      let dateStart = kind === 2 ? null : new Date(deposit.getTime() + between(15, 60) * 86_400_000);
      let dateEnd = dateStart ? new Date(dateStart.getTime() + between(3, 45) * 86_400_000) : null;
      if (showcase) {
        dateStart = new Date(today - showcase.ago[1] * 86_400_000);
        dateEnd = new Date(dateStart.getTime() + (showcase.days - 1) * 86_400_000);
      }
      if (scenario === 'extension') {
        // Filed by the applicant last week: the original's works and parties, new dates.
        const original = requests[extendedIndex]!;
        deposit.setTime(today - 6 * 86_400_000 + 10 * 3_600_000);
        dateStart = new Date(Date.parse(`${String(original.dateEnd)}T00:00:00Z`) + 86_400_000);
        dateEnd = new Date(dateStart.getTime() + 29 * 86_400_000);
      }
      if (scenario === 'extended') extendedIndex = index;
      const year = deposit.getUTCFullYear();
      const sequence = (sequenceByYear.get(year) ?? 0) + 1;
      sequenceByYear.set(year, sequence);
      // On a managed road of the town when the demo geography is loaded, else near its centre:
      // a point (access), a short line (alignment), a small polygon (networks) over the road.
      const townSites = sitesByTown.get(town.insee);
      const site: DemoSite | null = townSites?.length ? pick(townSites) : null;
      const x = site ? site.x : town.x + (random() - 0.5) * 0.012;
      const y = site ? site.y : town.y + (random() - 0.5) * 0.008;
      const d = 0.0001;
      const wkt =
        kind === 3
          ? `POINT(${String(x)} ${String(y)})`
          : kind === 2
            ? `LINESTRING(${String(x - d)} ${String(y - d)}, ${String(x + d)} ${String(y + d)})`
            : `POLYGON((${String(x - d)} ${String(y - d)}, ${String(x + d)} ${String(y - d)}, ${String(x + d)} ${String(y + d)}, ${String(x - d)} ${String(y + d)}, ${String(x - d)} ${String(y - d)}))`;
      const drawnInstructor =
        random() < 0.8
          ? (users.get(random() < 0.75 ? 'instructeur@exemple.fr' : 'admin@exemple.fr') ?? null)
          : null;
      const instructeurId = showcase ? (users.get('instructeur@exemple.fr') ?? null) : drawnInstructor;
      const inSignature = state === 3 && random() < 0.3;
      requests.push({
        type: kind,
        stateId: state,
        exState: scenario ? WORKS_STATES[scenario].exState : null,
        sendToSign: scenario ? WORKS_STATES[scenario].sendToSign : inSignature,
        petitionerId: 0,
        ownerUserId: ownerId,
        instructeurId,
        // The subcontractor files for the operator that mandated it (DEMO_SUBCONTRACTOR).
        operatorPerimeterId:
          ownerEmail === 'operateur@exemple.fr' || ownerEmail === 'soustraitant@exemple.fr'
            ? operatorPerimeterId
            : null,
        theGeom: sql`ST_ForceCollection(ST_SetSRID(ST_GeomFromText(${wkt}), 4326))` as never,
        lon: x,
        lat: y,
        addressNum: String(between(1, 120)),
        addressType: site?.addressType ?? pick(WAY_TYPES),
        addressName: site?.addressName ?? pick(STREETS),
        addressCity: town.name,
        addressPostalCode: town.postalCode,
        ...demoParcels(town.insee, random),
        wayType: site?.wayType ?? 'Voie communale',
        inUrban: site?.inUrban ?? true,
        numaffaire: `${String(year)}-${String(sequence).padStart(4, '0')}`,
        dateStart: dateStart ? isoDay(dateStart) : null,
        dateEnd: dateEnd ? isoDay(dateEnd) : null,
        numberDays:
          dateStart && dateEnd
            ? Math.round((dateEnd.getTime() - dateStart.getTime()) / 86_400_000) + 1
            : null,
        accuracyInformation: true,
        madeIn: town.name,
        madeDate: isoDay(deposit),
        madeLastName: lastName,
        madeFirstName: firstName,
        madeFonction: isCompany ? 'Chargé d’affaires' : 'Propriétaire',
        depositDate: deposit.toISOString(),
      });
      forms.push(
        kind === 2
          ? { kind, alignment: demoAlignmentForm(random) }
          : { kind, works: demoWorksForm(kind, random) },
      );
      if (scenario === 'extension') {
        // Same applicant, place and works as the original; only the dates and the case differ.
        const original = requests[extendedIndex]!;
        const {
          numaffaire,
          dateStart: start,
          dateEnd: end,
          numberDays,
          depositDate,
          madeDate,
        } = requests[index]!;
        requests[index] = {
          ...original,
          ...{ numaffaire, dateStart: start, dateEnd: end, numberDays, depositDate, madeDate },
          stateId: 3,
          exState: null,
          sendToSign: false,
        };
        petitioners[index] = { ...petitioners[extendedIndex]! };
        const works = forms[extendedIndex]!;
        if (works.kind !== 2) forms[index] = { kind: works.kind, works: { ...works.works } };
      }
      if (index % 3 === 0) {
        mails.push({
          index,
          userId: ownerId,
          toAddress: ownerEmail ?? 'contact@exemple.fr',
          context: pick(MAIL_CONTEXTS),
          status: pick(MAIL_STATUSES),
          createdAt: deposit,
        });
      }
    }
    // Batched inserts (RETURNING keeps the VALUES order).
    for (let from = 0; from < count; from += 100) {
      const created = await trx
        .insertInto('petitioner')
        .values(petitioners.slice(from, from + 100))
        .returning('id')
        .execute();
      const slice = forms.slice(from, from + 100);
      const works = slice.flatMap((form) => (form.kind === 2 ? [] : [form.works]));
      const alignments = slice.flatMap((form) => (form.kind === 2 ? [form.alignment] : []));
      const workIds = works.length
        ? await trx.insertInto('cerfa14023').values(works).returning('id').execute()
        : [];
      const alignmentIds = alignments.length
        ? await trx.insertInto('individualAlignmentRequest').values(alignments).returning('id').execute()
        : [];
      let [nextWork, nextAlignment] = [0, 0];
      const batch = requests.slice(from, from + 100).map((request, offset) => ({
        ...request,
        petitionerId: created[offset]!.id,
        ...(slice[offset]!.kind === 2
          ? { alignmentId: alignmentIds[nextAlignment++]!.id }
          : { cerfa14023Id: workIds[nextWork++]!.id }),
      }));
      const ids = await trx.insertInto('request').values(batch).returning('id').execute();
      ids.forEach((row, offset) => (requestIds[from + offset] = row.id));
    }
    await seedDecisions(trx);
    await seedWorksStories(trx, {
      stories,
      requests,
      petitioners,
      requestIds,
      users,
      today,
      random,
      store: options.store,
    });
    const inCompleteness = requestIds.filter((_, index) => requests[index]!.stateId === 8);
    if (inCompleteness.length > 0) {
      await trx
        .insertInto('requestMissingDocument')
        .values(
          inCompleteness.flatMap((requestId) =>
            DEMO_MISSING_DOCUMENT_TYPE_IDS.map((typeDocumentId) => ({ requestId, typeDocumentId })),
          ),
        )
        .execute();
      await trx
        .updateTable('request')
        .set({ completenessDate: sql`current_date` })
        .where('id', 'in', inCompleteness)
        .execute();
    }
    if (mails.length > 0) {
      await trx
        .insertInto('mailLog')
        .values(
          mails.map((mail) => {
            const requestId = requestIds[mail.index]!;
            return {
              requestId,
              userId: mail.userId,
              toAddress: mail.toAddress,
              subject: `Votre demande n° ${String(requestId)}`,
              context: mail.context,
              status: mail.status,
              mailjetId: `demo-${String(requestId)}`,
              createdAt: mail.createdAt,
            };
          }),
        )
        .execute();
    }
  });
  await seedDemoCoordination(db, { now });
  await seedDemoPublicWorks(db, { today });
  await seedDemoCombined(db, { today });
  await seedDemoActRegister(db);
  // Last: every request awaiting its decision, the showcases' included, gets its legal clock.
  await seedDemoClocks(db, { today: isoDay(new Date(today)) });
  return { created: count };
}

/**
 * The decisions the demo states imply: a request in signature or past it was decided —
 * favourably, except a permission closed in 5 (a refusal); an alignment closed in 5 was granted.
 */
async function seedDecisions(trx: Kysely<Database>): Promise<void> {
  await sql`UPDATE cerfa14023 c SET is_favorable = (r.state_id <> 5)
    FROM request r WHERE r.cerfa14023_id = c.id AND (r.state_id IN (2, 4, 5, 6, 7, 10, 12, 13) OR r.send_to_sign)`.execute(
    trx,
  );
  await sql`UPDATE individual_alignment_request a SET is_favorable = true
    FROM request r WHERE r.alignment_id = a.id AND (r.state_id = 5 OR r.send_to_sign)`.execute(trx);
}

/**
 * The works-phase stories (demo-works.ts): receptions, documents and their files, history; the
 * extension linked to the request it extends.
 */
async function seedWorksStories(
  trx: Kysely<Database>,
  input: {
    stories: readonly { index: number; scenario: WorksScenario; showcase: boolean }[];
    requests: readonly Insertable<RequestTable>[];
    petitioners: readonly Insertable<PetitionerTable>[];
    requestIds: readonly number[];
    users: ReadonlyMap<string, number>;
    today: number;
    random: () => number;
    store: FileStore | undefined;
  },
): Promise<void> {
  const { stories, requests, petitioners, requestIds, users } = input;
  const instructorEmail = users.has('instructeur@exemple.fr') ? 'instructeur@exemple.fr' : 'admin@exemple.fr';
  const day = (value: string | Date | null | undefined) =>
    value ? new Date(typeof value === 'string' ? `${value}T00:00:00Z` : value) : null;
  const extended = stories.find((story) => story.scenario === 'extended');
  const extension = stories.find((story) => story.scenario === 'extension');
  const storyRequests = stories.map(({ index, scenario, showcase }): StoryRequest => {
    const request = requests[index]!;
    const petitioner = petitioners[index]!;
    const linked = scenario === 'extended' ? extension : scenario === 'extension' ? extended : undefined;
    return {
      id: requestIds[index]!,
      kind: request.type,
      scenario,
      showcase,
      owner: { userId: request.ownerUserId ?? null, email: petitioner.email ?? 'contact@exemple.fr' },
      instructorId: request.instructeurId ?? users.get(instructorEmail) ?? null,
      instructorEmail:
        request.instructeurId && request.instructeurId === users.get('admin@exemple.fr')
          ? 'admin@exemple.fr'
          : instructorEmail,
      lon: request.lon!,
      lat: request.lat!,
      deposit: new Date(String(request.depositDate)),
      dateStart: day(request.dateStart),
      dateEnd: day(request.dateEnd),
      numaffaire: request.numaffaire ?? '',
      address: `${String(request.addressNum)} ${String(request.addressType)} ${String(request.addressName)}, ${String(request.addressPostalCode)} ${String(request.addressCity)}`,
      ...(linked ? { linkedId: requestIds[linked.index]! } : {}),
      ...(scenario === 'extended' && extension
        ? { extensionFiledAt: new Date(String(requests[extension.index]!.depositDate)) }
        : {}),
    };
  });
  if (extended && extension) {
    await trx
      .updateTable('request')
      .set({ extensionOfId: requestIds[extended.index]! })
      .where('id', '=', requestIds[extension.index]!)
      .execute();
  }
  const rows = buildWorksStories(storyRequests, { today: input.today, random: input.random });
  for (let from = 0; from < rows.receptions.length; from += 200)
    await trx
      .insertInto('reception')
      .values(rows.receptions.slice(from, from + 200))
      .execute();
  for (let from = 0; from < rows.history.length; from += 500)
    await trx
      .insertInto('historyLog')
      .values(rows.history.slice(from, from + 500))
      .execute();
  if (!input.store || rows.documents.length === 0) return;
  const stored = await storeDemoFiles(input.store, rows.files);
  const documents = storedDocumentRows(rows.documents, stored);
  for (let from = 0; from < documents.length; from += 500)
    await trx
      .insertInto('document')
      .values(documents.slice(from, from + 500))
      .execute();
}
