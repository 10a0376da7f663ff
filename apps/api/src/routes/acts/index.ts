import { z } from 'zod';
import {
  ActAcknowledgementSchema,
  ActTransmissionSchema,
  ActTransmissionSettingsSchema,
  ActNumberingSchema,
  ACT_PUBLICATION_MESSAGES,
  ActNumberingViewSchema,
  ActRegisterPageSchema,
  ActRegisterPrintQuerySchema,
  ActRegisterQuerySchema,
  CAPABILITIES,
  RegisteredActSchema,
} from '@voirie/domain';
import {
  actRegisterCsv,
  listActRegister,
  loadActNumbering,
  loadRegisteredAct,
  saveActNumbering,
} from '../../requests/acts/act-register.ts';
import { publishNow } from '../../requests/acts/act-publication.ts';
import { ghostscriptPdfA } from '../../files/pdf-a.ts';
import { printActRegister } from '../../requests/acts/register-print.ts';
import {
  actesPackage,
  loadActTransmission,
  readTransmittedNatures,
  recordAcknowledgement,
  saveTransmittedNatures,
} from '../../requests/acts/act-transmission.ts';
import { currentUser } from '../../http/authenticate.ts';
import { fileHeaders, fileReplies, ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { actSealRoutes } from './seal.ts';
import { publicationCertificate } from '../../requests/acts/publication-certificate.ts';

const TAGS = ['Registre des actes'];
const READERS = withRoles(...CAPABILITIES.readActRegister);
const ADMINS = withRoles(...CAPABILITIES.manageActNumbering);
const FiltersSchema = ActRegisterQuerySchema.omit({ page: true });
const ActParamsSchema = z.object({ number: z.string().max(15) });

/**
 * The register of acts (docs/acts.md): every signed act with its number, for instructors and
 * administrators; its CSV; the number format, the administrator's.
 */
export function actRoutes(app: ApiApp, ctx: RouteContext) {
  actSealRoutes(app, ctx);
  app.get(
    '/api/acts',
    {
      config: { policy: READERS },
      schema: {
        tags: TAGS,
        summary: 'Registre des actes : les actes signés, dans l’ordre de leurs numéros',
        querystring: ActRegisterQuerySchema,
        response: replies(ActRegisterPageSchema),
      },
    },
    async (request) => ok(await listActRegister(ctx.db, currentUser(request), request.query)),
  );

  app.post(
    '/api/acts/:number/publication',
    {
      config: { policy: withRoles(...CAPABILITIES.retryActPublication) },
      schema: {
        tags: TAGS,
        summary: 'Réessayer la publication d’un arrêté de circulation dont la publication a échoué',
        params: ActParamsSchema,
        response: replies(RegisteredActSchema),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { number } = request.params;
      // A failed attempt is answered too (200): the act as it now is, its failure on the row.
      const published = await publishNow(
        { db: ctx.db, config: ctx.config, store: ctx.filing.store, pdfA: ghostscriptPdfA() },
        actor,
        number,
      );
      const act = await loadRegisteredAct(ctx.db, actor, number);
      return ok(
        act,
        published ? ACT_PUBLICATION_MESSAGES.published(number) : ACT_PUBLICATION_MESSAGES.failed(number),
      );
    },
  );

  app.get(
    '/api/acts/export.csv',
    {
      config: { policy: READERS },
      schema: {
        tags: TAGS,
        summary: 'Registre des actes en CSV (colonnes du schéma SCDL « Délibérations » qui conviennent)',
        querystring: FiltersSchema,
        response: fileReplies('registre-des-actes.csv (text/csv)'),
      },
    },
    async (request, reply) => {
      const csv = await actRegisterCsv(ctx.db, request.query, ctx.config.communityName);
      return reply
        .headers(
          fileHeaders('text/csv; charset=utf-8', {
            'content-disposition': 'attachment; filename="registre-des-actes.csv"',
          }),
        )
        .send(csv);
    },
  );

  app.get(
    '/api/acts/register.pdf',
    {
      config: { policy: READERS },
      schema: {
        tags: TAGS,
        summary: 'Registre des actes d’une année, imprimable (tables par date et par objet)',
        querystring: ActRegisterPrintQuerySchema,
        response: fileReplies('registre-des-actes-AAAA.pdf (application/pdf)'),
      },
    },
    async (request, reply) => {
      const { year } = request.query;
      const pdf = await printActRegister(ctx.db, year, ctx.config.communityName);
      return reply
        .headers(
          fileHeaders('application/pdf', {
            'content-disposition': `attachment; filename="registre-des-actes-${String(year)}.pdf"`,
          }),
        )
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/acts/:number/certificate.pdf',
    {
      config: { policy: READERS },
      schema: {
        tags: TAGS,
        summary: 'Certificat de publication et de caractère exécutoire d’un acte (PDF scellé)',
        params: ActParamsSchema,
        response: fileReplies('certificat-<numéro>.pdf (application/pdf)'),
      },
    },
    async (request, reply) => {
      const { number } = request.params;
      const pdf = await publicationCertificate(ctx, number);
      return reply
        .headers(
          fileHeaders('application/pdf', {
            'content-disposition': `attachment; filename="certificat-${number}.pdf"`,
          }),
        )
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/acts/:number/transmission',
    {
      config: { policy: READERS },
      schema: {
        tags: TAGS,
        summary: "Transmission d'un acte au préfet : due ou non, et son accusé de réception",
        params: ActParamsSchema,
        response: replies(ActTransmissionSchema),
      },
    },
    async (request) => ok(await loadActTransmission(ctx.db, request.params.number)),
  );

  app.put(
    '/api/acts/:number/transmission',
    {
      config: { policy: READERS },
      schema: {
        tags: TAGS,
        summary: "Enregistrer l'accusé de réception de la préfecture (date, identifiant ACTES)",
        params: ActParamsSchema,
        body: ActAcknowledgementSchema,
        response: replies(ActTransmissionSchema),
      },
    },
    async (request) =>
      ok(
        await recordAcknowledgement(ctx.db, currentUser(request), request.params.number, request.body),
        "L'accusé de réception a été enregistré.",
      ),
  );

  app.get(
    '/api/acts/:number/actes.zip',
    {
      config: { policy: READERS },
      schema: {
        tags: TAGS,
        summary: "Paquet de transmission ACTES de l'acte : métadonnées (acte métier) et PDF signé",
        params: ActParamsSchema,
        response: fileReplies('{département}-{SIREN}-{date}-{numéro}-{nature}-1-1.zip (application/zip)'),
      },
    },
    async (request, reply) => {
      const pkg = await actesPackage(ctx.db, ctx.filing.store, request.params.number);
      return reply
        .headers(
          fileHeaders('application/zip', {
            'content-disposition': `attachment; filename="${pkg.fileName}"`,
          }),
        )
        .send(pkg.bytes);
    },
  );

  app.get(
    '/api/acts/transmission',
    {
      config: { policy: READERS },
      schema: {
        tags: TAGS,
        summary: 'Natures des actes transmis au préfet',
        response: replies(ActTransmissionSettingsSchema),
      },
    },
    async () => ok(await readTransmittedNatures(ctx.db)),
  );

  app.put(
    '/api/acts/transmission',
    {
      config: { policy: ADMINS },
      schema: {
        tags: TAGS,
        summary: 'Choisir les natures des actes transmis au préfet (jamais les arrêtés de circulation)',
        body: ActTransmissionSettingsSchema,
        response: replies(ActTransmissionSettingsSchema),
      },
    },
    async (request) =>
      ok(
        await saveTransmittedNatures(ctx.db, currentUser(request), request.body),
        'Les natures des actes transmis au préfet ont été enregistrées.',
      ),
  );

  app.get(
    '/api/acts/numbering',
    {
      config: { policy: ADMINS },
      schema: {
        tags: TAGS,
        summary: 'Format des numéros d’actes',
        response: replies(ActNumberingViewSchema),
      },
    },
    async () => ok(await loadActNumbering(ctx.db)),
  );

  app.put(
    '/api/acts/numbering',
    {
      config: { policy: ADMINS },
      schema: {
        tags: TAGS,
        summary: 'Modifier le format des numéros d’actes (règle ACTES : 15 caractères au plus)',
        body: ActNumberingSchema,
        response: replies(ActNumberingViewSchema),
      },
    },
    async (request) =>
      ok(await saveActNumbering(ctx.db, currentUser(request), request.body), 'Format enregistré.'),
  );
}
