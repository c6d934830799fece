/** Why a call to the server failed, as the agent acts on it. */
export type ScannerApiErrorCode =
  | 'key_refused' // 401: wrong or revoked key
  | 'no_scanners' // 403: the account's tier has no scanners
  | 'rate_limited' // 429
  | 'subnet_not_given' // 404 on results: the subnet is not (or no longer) this scanner's
  | 'batch_refused' // 400 on results
  | 'job_refused' // 409 on results: the subnet stopped scanning, or this scanner was blocked
  | 'server_error' // 5xx or another status
  | 'unreachable' // no HTTP answer at all (refused, DNS, TLS, timeout)
  | 'bad_response'; // an answer that core's response schema does not accept

/** A failed call to the server, with a stable code and a one-line message for the log. */
export class ScannerApiError extends Error {
  constructor(
    readonly code: ScannerApiErrorCode,
    message: string,
    readonly status: number | null = null,
    /** From a 429's Retry-After header. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ScannerApiError';
  }

  /** Worth trying again later: the server may come back; a refused key or batch will not fix itself. */
  get isTransient(): boolean {
    return (
      this.code === 'unreachable' ||
      this.code === 'server_error' ||
      this.code === 'rate_limited' ||
      this.code === 'bad_response'
    );
  }
}
