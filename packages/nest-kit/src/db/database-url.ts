/** Splits a PostgreSQL URL into the maintenance URL (same server, `postgres` database) and the database name. */
export function splitDatabaseUrl(databaseUrl: string): { adminUrl: string; database: string } {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]{1,63}$/.test(database)) {
    throw new Error(`Database name must be 1-63 letters, digits or underscores, got "${database}"`);
  }
  url.pathname = '/postgres';
  return { adminUrl: url.toString(), database };
}

export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
