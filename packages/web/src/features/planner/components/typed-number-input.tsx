import { NumberInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SubnetFormValues } from '../lib/subnet-form.js';

type NumberField = 'cidr' | 'vlanId' | 'currentHosts' | 'plannedGrowth';

interface TypedNumberInputProps {
  form: UseFormReturnType<SubnetFormValues>;
  field: NumberField;
  label: string;
  min: number;
  max?: number;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A number box of the subnet editor that keeps exactly what was typed (PL-58, issue 29): no clamping
 * to its range, no dropped minus sign or decimal point. Leaving the box checks it, so the field's own
 * message ('CIDR must be between 1 and 32.') shows instead of a silently changed value.
 */
export function TypedNumberInput({
  form,
  field,
  label,
  min,
  max,
  required,
  disabled,
}: TypedNumberInputProps) {
  const input = form.getInputProps(field);
  return (
    <NumberInput
      label={label}
      required={required}
      disabled={disabled}
      min={min}
      max={max}
      clampBehavior="none"
      {...input}
      onBlur={(event) => {
        input.onBlur?.(event);
        form.validateField(field);
      }}
    />
  );
}
