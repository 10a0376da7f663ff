import { z } from 'zod';
import {
  ChooseAppointmentInputSchema,
  ProposeAppointmentsInputSchema,
  RecordReceptionInputSchema,
  RequestDetailSchema,
  RequestReceptionInputSchema,
} from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { validatedByService } from '../../http/body-schema.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp } from '../../http/types.ts';
import {
  chooseAppointment,
  declineAppointments,
  proposeAppointments,
  recordReception,
  requestReception,
} from '../../requests/works/reception-service.ts';
import type { WorksDeps } from '../../requests/works/works-deps.ts';
import { RequestIdParamsSchema } from '../requests/request-cancel.ts';
import { withWorksBody, worksBody } from './works-body.ts';

const TAGS = ['Travaux'];

/** The route's schemas: the request's id, the body (parsed by the service), the request after the change. */
export const worksSchema = (summary: string, body?: z.ZodType) => ({
  tags: TAGS,
  summary,
  params: RequestIdParamsSchema,
  ...(body ? { body } : {}),
  response: replies(RequestDetailSchema),
});

/** The reception and its appointments (docs/api-works.md). Who may act, and when, is the domain's. */
export function receptionRoutes(app: ApiApp, deps: WorksDeps) {
  const route = { config: { policy: signedIn() } };
  app.post(
    '/api/request/:id/reception',
    {
      ...route,
      schema: {
        ...worksSchema(
          'Demander la réception des travaux (multipart : option, document-104, document-105…)',
          worksBody(RequestReceptionInputSchema.pick({ option: true }), {
            fields: { option: 'Photos ou Rendez-vous' },
            files: {
              'document-104': 'Photo',
              'document-105': 'Photo supplémentaire',
              'document-102': 'Plans de récolement',
              'document-103': 'Résultats de compactage',
            },
          }),
        ),
        consumes: ['multipart/form-data', 'application/json'],
      },
    },
    async (request) =>
      withWorksBody(request, deps, 'requestReception', async (body) => {
        const done = await requestReception(deps, currentUser(request), request.params.id, body);
        return ok(done.request, done.notice);
      }),
  );
  app.post(
    '/api/request/:id/appointments',
    {
      ...route,
      schema: worksSchema('Proposer des rendez-vous', validatedByService(ProposeAppointmentsInputSchema)),
    },
    async (request) => {
      const done = await proposeAppointments(deps, currentUser(request), request.params.id, request.body);
      return ok(done.request, done.notice);
    },
  );
  app.post(
    '/api/request/:id/appointments/choice',
    {
      ...route,
      schema: worksSchema('Choisir un rendez-vous', validatedByService(ChooseAppointmentInputSchema)),
    },
    async (request) => {
      const done = await chooseAppointment(deps, currentUser(request), request.params.id, request.body);
      return ok(done.request, done.notice);
    },
  );
  app.post(
    '/api/request/:id/appointments/decline',
    { ...route, schema: worksSchema('Aucune disponibilité') },
    async (request) => {
      const done = await declineAppointments(deps, currentUser(request), request.params.id);
      return ok(done.request, done.notice);
    },
  );
  app.post(
    '/api/request/:id/reception/outcome',
    {
      ...route,
      schema: {
        ...worksSchema(
          'Enregistrer la réception des travaux (multipart : reception, photo × 5)',
          worksBody(RecordReceptionInputSchema, {
            files: { photo: 'Photo du refus (5 au plus)' },
            jsonPart: 'reception',
          }),
        ),
        consumes: ['multipart/form-data', 'application/json'],
      },
    },
    async (request) =>
      withWorksBody(request, deps, 'recordReception', async (body) => {
        const done = await recordReception(deps, currentUser(request), request.params.id, body);
        return ok(done.request, done.notice);
      }),
  );
}
