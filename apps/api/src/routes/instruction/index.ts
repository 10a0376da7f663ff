import type { ApiApp, RouteContext } from '../../http/types.ts';

/** The instruction part of the call catalogue (docs/api-instruction.md). */
export function instructionRoutes(app: ApiApp, ctx: RouteContext) {
  void app;
  void ctx;
}
