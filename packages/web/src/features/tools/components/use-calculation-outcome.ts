import { messages } from '@ipam/core/messages';
import { useMemo } from 'react';
import type { BaseResult, CalculatorDefinition } from './calculator-definitions.js';

/** A result, or why there is none (null while the inputs are incomplete). */
type Outcome<Result> = { result: Result; error: null } | { result: null; error: string | null };

/** Runs the calculator once both inputs pass their checks; a thrown error becomes the spec's message. */
export function useCalculationOutcome<Result extends BaseResult>(
  definition: CalculatorDefinition<Result>,
  address: string,
  mask: string,
  isReady: boolean,
): Outcome<Result> {
  return useMemo(() => {
    if (!isReady) return { result: null, error: null };
    try {
      const outcome = definition.calculate(address, mask);
      return outcome.ok ? { result: outcome.result, error: null } : { result: null, error: outcome.message };
    } catch (error) {
      return {
        result: null,
        error: messages.calculationError(error instanceof Error ? error.message : String(error)),
      };
    }
  }, [definition, address, mask, isReady]);
}
