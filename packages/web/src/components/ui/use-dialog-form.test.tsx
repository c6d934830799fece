// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useMutation, type UseMutationResult } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { type DialogForm, useDialogForm } from './use-dialog-form.js';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

interface Host {
  hostname: string;
  description: string;
}

interface HarnessProps {
  /** The record the dialog is open for; null: closed. */
  record: (Host & { id: string }) | null;
  /** What the save request answers. */
  refusal: ApiError;
  onClose: () => void;
}

let dialog: DialogForm<Host>;
let save: UseMutationResult<unknown, Error, void>;

function Harness({ record, refusal, onClose }: HarnessProps) {
  save = useMutation({ mutationFn: () => Promise.reject(refusal) });
  dialog = useDialogForm<Host>({
    openFor: record?.id ?? null,
    values: () => ({ hostname: record?.hostname ?? '', description: record?.description ?? '' }),
    requests: [save],
    onClose,
  });
  return null;
}

let root: Root;
let closes = 0;
const refusal = new ApiError(400, 'validation_failed', 'Outside the subnet.', {
  hostname: 'Hostname is too long.',
  ipAddress: 'Outside the subnet.',
});

function show(record: HarnessProps['record'], answer = refusal) {
  act(() => root.render(<Dialog record={record} refusal={answer} />));
}

const queryClient = new QueryClient();
function Dialog(props: Omit<HarnessProps, 'onClose'>) {
  return (
    <QueryClientProvider client={queryClient}>
      <Harness {...props} onClose={() => (closes += 1)} />
    </QueryClientProvider>
  );
}

async function submitAndFail() {
  await act(() => save.mutateAsync().catch(dialog.showFieldErrors));
}

beforeEach(() => {
  closes = 0;
  root = createRoot(document.createElement('div'));
});
afterEach(() => act(() => root.unmount()));

describe('useDialogForm', () => {
  it('fills the form when the dialog opens, and again when it opens for another record', () => {
    show(null);
    expect(dialog.form.getValues()).toEqual({ hostname: '', description: '' });
    show({ id: '1', hostname: 'printer', description: 'hall' });
    expect(dialog.form.getValues()).toEqual({ hostname: 'printer', description: 'hall' });
    show({ id: '2', hostname: 'switch', description: '' });
    expect(dialog.form.getValues()).toEqual({ hostname: 'switch', description: '' });
  });

  it('keeps what is typed when the open record is refreshed (a live update of the same record)', () => {
    show({ id: '1', hostname: 'printer', description: 'hall' });
    act(() => dialog.form.setFieldValue('hostname', 'printer-2'));
    show({ id: '1', hostname: 'printer', description: 'changed by someone else' });
    expect(dialog.form.getValues().hostname).toBe('printer-2');
  });

  it('puts field messages under the fields and keeps a message for a field it lacks as the failure', async () => {
    show({ id: '1', hostname: 'printer', description: '' });
    await submitAndFail();
    expect(dialog.form.errors).toEqual({ hostname: 'Hostname is too long.' });
    expect(dialog.failure).toBe(refusal);
  });

  it('has no failure when every field message is under a field', async () => {
    show(
      { id: '1', hostname: 'printer', description: '' },
      new ApiError(400, 'x', 'Long.', { hostname: 'Long.' }),
    );
    await submitAndFail();
    expect(dialog.form.errors).toEqual({ hostname: 'Long.' });
    expect(dialog.failure).toBeNull();
  });

  it('clears errors and requests on close, and a reopened dialog starts from the record again', async () => {
    show({ id: '1', hostname: 'printer', description: '' });
    act(() => dialog.form.setFieldValue('hostname', 'typed'));
    await submitAndFail();
    act(() => dialog.close());
    expect(closes).toBe(1);
    expect(dialog.form.errors).toEqual({});
    expect(dialog.failure).toBeNull();
    show(null);
    show({ id: '1', hostname: 'printer', description: '' });
    expect(dialog.form.getValues().hostname).toBe('printer');
    expect(dialog.form.isDirty()).toBe(false);
  });
});
