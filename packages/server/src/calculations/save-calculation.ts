import { randomUUID } from 'node:crypto';
import { calculateIPv4 } from '@ipam/core/calculator-ipv4';
import { calculateIPv6 } from '@ipam/core/calculator-ipv6';
import { MAX_SAVED_CALCULATIONS } from '@ipam/core/limits';
import { messages } from '@ipam/core/messages';
import type {
  IPv4CalculationCreateInput,
  IPv6CalculationCreateInput,
} from '@ipam/core/schemas/calculation-schemas';
import { findAccountForUpdate } from '../accounts/account-repository.js';
import { runChange, type UserChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import {
  countCalculations,
  findCalculation,
  insertCalculation,
  nextCalculationSeq,
  type CalculationRow,
  type NewCalculation,
} from './calculation-repository.js';

type Inputs = Pick<
  NewCalculation,
  'type' | 'ipAddress' | 'subnetMask' | 'prefixLength' | 'cidr' | 'resultJson'
>;

/** Saves an IPv4 calculation; the server computes cidr and the result from the inputs. */
export async function saveIPv4Calculation(
  ctx: UserChangeContext,
  input: IPv4CalculationCreateInput,
): Promise<CalculationRow> {
  const outcome = calculateIPv4(input.ipAddress, input.subnetMask);
  if (!outcome.ok) throw new DomainError('validation_failed', outcome.error.message);
  return save(ctx, {
    type: 'ipv4',
    ipAddress: input.ipAddress,
    subnetMask: input.subnetMask,
    prefixLength: null,
    cidr: outcome.result.cidr,
    resultJson: JSON.stringify(outcome.result),
  });
}

/** Saves an IPv6 calculation; the server computes prefixLengthNumber and the result from the inputs. */
export async function saveIPv6Calculation(
  ctx: UserChangeContext,
  input: IPv6CalculationCreateInput,
): Promise<CalculationRow> {
  const outcome = calculateIPv6(input.ipAddress, input.prefixLength);
  if (!outcome.ok) throw new DomainError('validation_failed', outcome.error.message);
  return save(ctx, {
    type: 'ipv6',
    ipAddress: input.ipAddress,
    subnetMask: null,
    prefixLength: input.prefixLength,
    cidr: outcome.result.cidr,
    resultJson: JSON.stringify(outcome.result),
  });
}

/**
 * Stores the calculation with the account row locked, so the per-type cap and the save number
 * cannot be raced by two saves at once.
 */
async function save(ctx: UserChangeContext, inputs: Inputs): Promise<CalculationRow> {
  const accountId = ctx.account.id;
  return runChange(ctx, async ({ trx, audit, announce }) => {
    if (!(await findAccountForUpdate(trx, accountId))) throw new DomainError('not_found', messages.notFound);
    if ((await countCalculations(trx, accountId, inputs.type)) >= MAX_SAVED_CALCULATIONS) {
      const version = inputs.type === 'ipv4' ? 4 : 6;
      throw new DomainError(
        'calculation_limit_reached',
        messages.calculationLimitReached(MAX_SAVED_CALCULATIONS, version),
      );
    }
    const id = randomUUID();
    const seq = await nextCalculationSeq(trx, accountId);
    await insertCalculation(trx, {
      ...inputs,
      id,
      accountId,
      seq,
      createdAt: nowIso(),
      createdBy: ctx.userId,
    });
    const saved = await findCalculation(trx, accountId, id);
    if (!saved) throw new DomainError('internal', messages.unknownError);
    audit({
      action: 'create',
      entity: 'calculation',
      entityId: id,
      after: { type: saved.type, ipAddress: saved.ipAddress, cidr: saved.cidr },
    });
    announce({ kind: 'calculation', id });
    return saved;
  });
}
