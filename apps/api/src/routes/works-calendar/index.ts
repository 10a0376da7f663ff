import { CAPABILITIES, WorksCalendarQuerySchema, WorksCalendarSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { worksCalendar } from '../../works-calendar/works-calendar-service.ts';

/**
 * GET works-calendar?from&to&insee&type&operator&q (docs/works-calendar.md): the works
 * of a window for the calendar page, for the roles of the domain's `readWorksCalendar`
 * (instructors, administrators, road managers — these only in their perimeters).
 */
export function worksCalendarRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/works-calendar',
    {
      config: { policy: withRoles(...CAPABILITIES.readWorksCalendar) },
      schema: {
        tags: ['Chantiers'],
        summary: 'Calendrier des chantiers (période, commune, type, opérateur, texte)',
        description:
          'Les permissions accordées (états 4, 6, 7, 12, 13) dont les travaux rencontrent la période [from, to] (92 jours au plus), telles que l’appelant peut les voir : un gestionnaire de voirie, celles de ses périmètres.',
        querystring: WorksCalendarQuerySchema,
        response: replies(WorksCalendarSchema),
      },
    },
    async (request) => ok(await worksCalendar(ctx.db, currentUser(request), request.query)),
  );
}
