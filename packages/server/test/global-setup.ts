import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** The two engines every repository and route test runs on (Kysely's DIALECTS loop). */
export type Dialect = 'sqlite' | 'postgres';

/** Whether a dialect's tests run in this run, are skipped, or fail at once (required but unreachable). */
export type DialectPlan =
  { kind: 'run' } | { kind: 'skip'; reason: string } | { kind: 'fail'; reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dialectPlans: Record<Dialect, DialectPlan>;
  }
}

/** The PostgreSQL server tests use; each test file gets its own fresh database on it. */
export const testPostgresUrl =
  process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

/** Why PostgreSQL cannot be used, or null when it answers. */
async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Decides once per run which dialects' tests run. Locally an unreachable PostgreSQL skips its half
 * (reported as skipped, never dropped) and IPAM_TEST_DIALECTS narrows the run; under CI or
 * IPAM_TEST_REQUIRE_POSTGRES=1 both engines must run, so an unreachable PostgreSQL fails the run.
 */
export default async function setup(project: TestProject): Promise<void> {
  const requiredBy = isSet(process.env.CI)
    ? `CI=${process.env.CI}`
    : process.env.IPAM_TEST_REQUIRE_POSTGRES === '1'
      ? 'IPAM_TEST_REQUIRE_POSTGRES=1'
      : null;
  const narrowing = process.env.IPAM_TEST_DIALECTS?.trim() || null;
  const requested = narrowing?.split(',').map((d) => d.trim());
  if (requiredBy && narrowing) {
    console.warn(`IPAM_TEST_DIALECTS=${narrowing} is ignored: ${requiredBy} runs both engines`);
  }
  const planOf = (dialect: Dialect): DialectPlan =>
    requiredBy !== null || (requested?.includes(dialect) ?? true)
      ? { kind: 'run' }
      : { kind: 'skip', reason: `not in IPAM_TEST_DIALECTS=${narrowing}` };
  const plans: Record<Dialect, DialectPlan> = { sqlite: planOf('sqlite'), postgres: planOf('postgres') };
  const problem = plans.postgres.kind === 'run' ? await postgresProblem() : null;
  if (problem !== null && requiredBy !== null) {
    const reason = `PostgreSQL is required (${requiredBy}) but ${testPostgresUrl} is unreachable: ${problem}`;
    plans.postgres = { kind: 'fail', reason };
    console.error(`${reason}. Every PostgreSQL test block fails.`);
  } else if (problem !== null) {
    const reason = `${testPostgresUrl} is unreachable (${problem})`;
    plans.postgres = { kind: 'skip', reason };
    console.warn(
      `PostgreSQL tests SKIPPED: ${reason}. Set CI=1 or IPAM_TEST_REQUIRE_POSTGRES=1 to make this a failure.`,
    );
  }
  project.provide('dialectPlans', plans);
}
