import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { configureFrenchValidationMessages, PRODUCT_NAME } from '@voirie/domain';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { AccountsService } from './accounts/accounts-service.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { SessionManager } from './accounts/sessions.ts';
import { authenticate } from './http/authenticate.ts';
import { registerMaintenance } from './http/maintenance.ts';
import { PORTAL_VERSION } from './version.ts';
import { isValidatedByService } from './http/body-schema.ts';
import { assertPolicy, publicRoute, type RegisteredRoute } from './http/policy.ts';
import { handleError, MESSAGES } from './http/error-handler.ts';
import { registerInputGuards } from './http/input-guards.ts';
import { registerBodyDeadline, serverTimeoutOptions } from './http/timeouts.ts';
import { registerCaching } from './http/caching.ts';
import type { ApiApp, RouteContext } from './http/types.ts';
import { worksPhaseRoutes } from './routes/works/index.ts';
import { userRoutes } from './routes/users/index.ts';
import { accountRoutes } from './routes/accounts/index.ts';
import type { FileStore } from './files/file-store.ts';
import { openFileStore } from './files/storage.ts';
import { UPLOAD_LIMITS_DEFAULT } from './files/multipart-limits.ts';
import { refuseAnswersDuringUploadWork } from './files/upload-parts.ts';
import type { FilingFaults } from './requests/filing/filing-deps.ts';
import { filingRoutes } from './routes/filing/index.ts';
import { geoRoutes } from './routes/geo/index.ts';
import { historyRoutes } from './routes/history/index.ts';
import { mailRoutes } from './routes/mails/index.ts';
import { requestRoutes } from './routes/requests/index.ts';
import { instructionRoutes } from './routes/instruction/index.ts';
import { invitationRoutes } from './routes/invitations/index.ts';
import { systemRoutes } from './routes/system/index.ts';
import { statisticsRoutes } from './routes/statistics/index.ts';
import { libraryRoutes } from './routes/library/index.ts';
import { draftRoutes } from './routes/drafts/index.ts';
import { legalRuleRoutes } from './routes/legal-rules/index.ts';
import { publicWorksRoutes } from './routes/public-works/index.ts';
import { publicActRoutes } from './routes/public-acts/index.ts';
import { worksCalendarRoutes } from './routes/works-calendar/index.ts';
import { actRoutes } from './routes/acts/index.ts';
import { actNotificationRoutes } from './routes/acts/notification-routes.ts';
import { coordinationRoutes, resurfacingImportRoute } from './routes/coordination/index.ts';
import { consultationsImportRoute } from './routes/geo/consultations-import.ts';
import { loggerOptions } from './logger.ts';
import { mapTileOrigins, registerSecurityHeaders } from './http/security-headers.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Called when a commit queued mail (the sender flushes). */
  onMailQueued?: () => void;
  logger?: FastifyServerOptions['logger'];
  /** Failures injected into the filing transaction (tests only). */
  faults?: FilingFaults;
  /** The document store (server.ts shares one with the mail sender and the sweeper); else opened from the config. */
  store?: FileStore;
}

/** Builds the HTTP application: API under /api, OpenAPI at /api/docs, the web app elsewhere. */
export async function buildApp(options: AppOptions): Promise<{ app: ApiApp; ctx: RouteContext }> {
  const { config, database } = options;
  configureFrenchValidationMessages();
  const timeouts = {
    requestMs: config.timeouts.requestSeconds * 1000,
    uploadMs: config.timeouts.uploadSeconds * 1000,
  };
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    ...serverTimeoutOptions(timeouts),
  }).withTypeProvider<ZodTypeProvider>();
  // A body schema its service parses (http/body-schema.ts) is declared, not applied twice.
  app.setValidatorCompiler<z.ZodType>((route) =>
    route.httpPart === 'body' && isValidatedByService(route.schema)
      ? (data: unknown) => ({ value: data })
      : validatorCompiler(route),
  );
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  const sessions = await SessionManager.create(database.db, {
    secret: config.jwtSecret,
    ttlSeconds: config.sessionTtlSeconds,
  });
  const accounts = new AccountsService({
    db: database.db,
    sessions,
    publicUrl: config.publicUrl,
    communityName: config.communityName,
    linkTtlSeconds: config.linkTtlSeconds,
    onMailQueued: options.onMailQueued ?? (() => {}),
  });
  const routes: RegisteredRoute[] = [];
  const filing = {
    db: database.db,
    store: options.store ?? (await openFileStore(config)),
    maxBytes: config.uploadMaxBytes,
    quotas: config.storageQuotas,
    publicUrl: config.publicUrl,
    communityName: config.communityName,
    onMailQueued: options.onMailQueued ?? (() => {}),
    mailMaxPerAccountPerDay: config.mail.maxPerAccountPerDay,
    ...(options.faults ? { faults: options.faults } : {}),
  };
  const ctx: RouteContext = {
    config,
    db: database.db,
    databaseKind: database.kind,
    pingDatabase: () => database.ping(),
    sessions,
    accounts,
    filing,
    routes,
  };

  await app.register(cookie);
  await registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https://'),
    tileOrigins: await mapTileOrigins(database.db),
  });
  await registerRateLimit(app, database.db);
  registerInputGuards(app);
  registerBodyDeadline(app, timeouts);
  registerCaching(app);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The documentation routes are public by design.
    if (route.url.startsWith('/api/docs'))
      route.config = { ...(route.config ?? {}), policy: publicRoute('API documentation') };
    assertPolicy(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, policy: route.config!.policy! });
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} — API`,
        version: PORTAL_VERSION,
        description: 'Catalogue des appels du portail.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerMaintenance(app, config.maintenance);
  app.addHook('onRequest', authenticate({ sessions, publicUrl: config.publicUrl }));
  await app.register(async (api) => {
    const typed = api.withTypeProvider<ZodTypeProvider>();
    systemRoutes(typed, ctx);
    accountRoutes(typed, ctx);
    geoRoutes(typed, ctx);
    requestRoutes(typed, ctx);
    mailRoutes(typed, ctx);
    historyRoutes(typed, ctx);
    invitationRoutes(typed, ctx);
    statisticsRoutes(typed, ctx);
    draftRoutes(typed, ctx);
    legalRuleRoutes(typed, ctx);
    publicWorksRoutes(typed, ctx);
    publicActRoutes(typed, ctx);
    worksCalendarRoutes(typed, ctx);
    coordinationRoutes(typed, ctx);
    actRoutes(typed, ctx);
    actNotificationRoutes(typed, ctx);
    // Multipart bodies only where files are taken: its hooks then cost nothing to every other
    // request, and a multipart body sent elsewhere is refused (415).
    await api.register(async (uploads) => {
      // A file over the limit is cut while streaming and flagged (not thrown): its refusal is the
      // domain's French message, given with the other reasons of the same filing.
      // The strictest limits by default (one small file): each route reads its body through
      // readUploadParts with its own UPLOAD_LIMITS, so a route that forgot would stay bounded.
      await uploads.register(multipart, {
        throwFileSizeLimit: false,
        limits: { ...UPLOAD_LIMITS_DEFAULT, fileSize: config.uploadMaxBytes },
      });
      refuseAnswersDuringUploadWork(uploads);
      const typedUploads = uploads.withTypeProvider<ZodTypeProvider>();
      filingRoutes(typedUploads, ctx);
      instructionRoutes(typedUploads, ctx);
      worksPhaseRoutes(typedUploads, ctx);
      libraryRoutes(typedUploads, ctx);
      userRoutes(typedUploads, ctx);
      resurfacingImportRoute(typedUploads, ctx);
      consultationsImportRoute(typedUploads, ctx);
    });
  });

  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A missing file (an asset of an older or newer build) is a 404, never the HTML page.
    const isFile = /\.[A-Za-z0-9]+$/.test(pathname);
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      request.method !== 'GET' ||
      !hasWeb ||
      isFile
    ) {
      return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    }
    // The single-page app routes every other path itself (history mode).
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return { app, ctx };
}
