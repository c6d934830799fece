/**
 * Caps the server enforces and the API's documentation states (the route table's summaries), kept
 * in one place so both say the same number.
 */

/** Plans an account may keep (PL-5): more than anyone plans by hand, few enough for one list. */
export const MAX_PLANS = 100;

/** Subnets a plan may hold (PL-5). */
export const MAX_PLAN_SUBNETS = 10_000;

/**
 * Saved calculations an account keeps per calculator. The spec sets no limit; without one a script
 * could fill the database. 500 is far more than a person keeps by hand and keeps the unpaged list
 * (about 300 KB at most) quick to load.
 */
export const MAX_SAVED_CALCULATIONS = 500;

/** Messages (tickets and feedback together) one user may send through the built-in form in an hour. */
export const SUPPORT_MESSAGES_PER_HOUR = 10;

/** Open event streams one user may hold at once in one server process (several tabs, a few devices). */
export const MAX_STREAMS_PER_USER = 10;

/** Open event streams one account may hold at once in one server process. */
export const MAX_STREAMS_PER_ACCOUNT = 200;
