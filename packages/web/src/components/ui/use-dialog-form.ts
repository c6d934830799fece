import { useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useEffect, useEffectEvent } from 'react';
import { type FieldOf, formErrorsOf, isShownOnFields, sameNamedFields } from '../../lib/form-errors.js';

/** A request the dialog sends (a TanStack Query mutation). */
interface DialogRequest {
  error: Error | null;
  reset: () => void;
}

export interface DialogFormOptions<Values extends object> {
  /**
   * What the dialog is open for (a record's id, the version to create, 'new'); null while it is
   * closed. The form is filled when this changes, so a live refresh of the same record does not
   * overwrite what is being typed.
   */
  openFor: string | number | null;
  /** The values the form starts from when the dialog opens. */
  values: () => Values;
  validate?: UseFormInput<Values>['validate'];
  /** The dialog's requests: their field messages go under the fields; all are reset on close. */
  requests: readonly DialogRequest[];
  /** The form field showing an API field's message (default: the field of the same name, if any). */
  fieldOf?: FieldOf;
  /** Runs once the form is filled on opening (e.g. to check a prefilled value at once). */
  onOpened?: (form: UseFormReturnType<Values>) => void;
  onClose: () => void;
}

export interface DialogForm<Values extends object> {
  form: UseFormReturnType<Values>;
  /** Clears the form's errors and the requests, then closes the dialog. */
  close: () => void;
  /** Puts a failed request's field messages under the fields (a mutation's `onError`). */
  showFieldErrors: (error: Error) => void;
  /** A failed request the fields do not fully explain: the dialog shows its message above the buttons. */
  failure: Error | null;
}

/** The state every modal form shares: filled on opening, API errors under the fields, reset on close. */
export function useDialogForm<Values extends object>(options: DialogFormOptions<Values>): DialogForm<Values> {
  const { openFor, values, validate, requests, onOpened, onClose } = options;
  const form = useForm<Values>({ initialValues: values(), validate });
  const fieldOf = options.fieldOf ?? sameNamedFields(Object.keys(form.getInitialValues()));

  const fill = useEffectEvent(() => {
    const next = values();
    form.setValues(next);
    form.resetDirty(next);
    form.clearErrors();
    onOpened?.(form);
  });
  useEffect(() => {
    if (openFor !== null) fill();
  }, [openFor]);

  return {
    form,
    close: () => {
      form.clearErrors();
      for (const request of requests) request.reset();
      onClose();
    },
    showFieldErrors: (error) => form.setErrors(formErrorsOf(error, fieldOf)),
    failure: requests.find(({ error }) => error !== null && !isShownOnFields(error, fieldOf))?.error ?? null,
  };
}
