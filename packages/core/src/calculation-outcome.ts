/** A calculator's refusal: a stable code for programs and the spec's message for people. */
export interface CalculationError<Code extends string> {
  readonly code: Code;
  readonly message: string;
}

/** What a calculator returns: the result, or why the inputs were refused. */
export type CalculationOutcome<Result, Code extends string> =
  | { readonly ok: true; readonly result: Result }
  | { readonly ok: false; readonly error: CalculationError<Code> };
