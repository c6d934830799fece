/** Normalises a count or bigint column: PostgreSQL returns strings, SQLite numbers. */
export function toCount(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return Number(value);
}

/** Whether an error is a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The current time as stored in the database (ISO 8601 UTC). */
export function nowIso(): string {
  return new Date().toISOString();
}
