import type { ApiApp, RouteContext } from '../../http/types.ts';
import { cerfaPdfRoutes } from './cerfa-pdf.ts';
import { orderRoutes } from './order.ts';
import { workflowActionRoutes } from './workflow-actions.ts';
import { templateRoutes } from '../templates/index.ts';

/** The instruction part of the call catalogue (docs/api-instruction.md). */
export function instructionRoutes(app: ApiApp, ctx: RouteContext) {
  cerfaPdfRoutes(app, ctx);
  workflowActionRoutes(app, ctx);
  orderRoutes(app, ctx);
  templateRoutes(app, ctx);
}
