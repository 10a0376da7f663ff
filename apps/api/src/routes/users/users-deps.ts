import type { RouteContext } from '../../http/types.ts';
import type { UsersDeps } from '../../users/users-deps.ts';

/** The user services' dependencies, from the app's context. */
export function usersDepsOf(ctx: RouteContext): UsersDeps {
  return {
    db: ctx.db,
    sessions: ctx.sessions,
    store: ctx.filing.store,
    maxBytes: ctx.filing.maxBytes,
    publicUrl: ctx.config.publicUrl,
    communityName: ctx.config.communityName,
    linkTtlSeconds: ctx.config.linkTtlSeconds,
    onMailQueued: ctx.filing.onMailQueued,
    mailMaxPerAccountPerDay: ctx.filing.mailMaxPerAccountPerDay,
  };
}
