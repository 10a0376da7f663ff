/**
 * The template every test file clones, named after DATABASE_URL's database: two runs against
 * two databases (two checkouts on one machine) never drop each other's template.
 */
export const TEMPLATE_DB = `${databaseName(process.env.DATABASE_URL) ?? 'voirie'}_test_template`;

function databaseName(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const name = new URL(url).pathname.slice(1);
  return /^[a-z0-9_]+$/.test(name) ? name : undefined;
}

/** The PostgreSQL server to test against: set TEST_TARGET=postgres with DATABASE_URL. */
export function postgresTarget(): { adminUrl: string; urlFor(db: string): string } | null {
  const url = process.env.DATABASE_URL;
  if (process.env.TEST_TARGET !== 'postgres' || !url) return null;
  const urlFor = (db: string) => {
    const u = new URL(url);
    u.pathname = `/${db}`;
    return u.toString();
  };
  return { adminUrl: url, urlFor };
}
