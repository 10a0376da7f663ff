import { sql, type Kysely } from 'kysely';
import {
  COORDINATION_DEFAULTS,
  COORDINATION_SETTING_KEYS,
  coordinationSettingsOf,
  type CoordinationSettings,
  type CoordinationSettingsView,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { writeAppSetting } from '../db/app-settings.ts';
import { writeHistory } from '../history/history.ts';
import type { Actor } from '../policies/visibility.ts';

// The coordination settings (docs/coordination.md): the distance and the age of a recent surface,
// kept in `app_setting` as texts; the domain reads them back, a missing or bad one as its default.

const KEYS = Object.values(COORDINATION_SETTING_KEYS);

/** The settings in force (the stored values, else the domain's defaults). */
export async function readCoordinationSettings(db: Kysely<Database>): Promise<CoordinationSettings> {
  const rows = await db.selectFrom('appSetting').select(['key', 'value']).where('key', 'in', KEYS).execute();
  return coordinationSettingsOf(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** `GET coordination/settings`: the settings, their defaults, and what the resurfacing layer holds. */
export async function loadCoordinationSettings(db: Kysely<Database>): Promise<CoordinationSettingsView> {
  const [settings, layer] = await Promise.all([
    readCoordinationSettings(db),
    db
      .selectFrom('roadResurfacing')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<string | null>`to_char(max(resurfaced_on), 'YYYY-MM-DD')`.as('latestOn'),
        sql<Date | null>`max(imported_at)`.as('importedAt'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...settings,
    defaults: { ...COORDINATION_DEFAULTS },
    layer: {
      count: layer.count,
      latestOn: layer.latestOn,
      importedAt: layer.importedAt ? new Date(layer.importedAt).toISOString() : null,
    },
  };
}

/** `PUT coordination/settings`: stores both settings and the history entry in one transaction. */
export async function saveCoordinationSettings(
  db: Kysely<Database>,
  actor: Actor,
  settings: CoordinationSettings,
): Promise<CoordinationSettingsView> {
  await db.transaction().execute(async (trx) => {
    const before = await readCoordinationSettings(trx);
    for (const key of Object.keys(COORDINATION_SETTING_KEYS) as (keyof CoordinationSettings)[]) {
      await writeAppSetting(trx, COORDINATION_SETTING_KEYS[key], String(settings[key]));
    }
    await writeHistory(trx, {
      entity: 'coordination',
      entityId: null,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: 'Paramètres de coordination des travaux enregistrés',
      data: { before, after: settings },
    });
  });
  return loadCoordinationSettings(db);
}
