/** The PostgreSQL server to test against: set TEST_TARGET=postgres with DATABASE_URL. */
export const TEMPLATE_DB = 'voirie_test_template';

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
