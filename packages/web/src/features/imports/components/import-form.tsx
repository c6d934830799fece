import { Alert, Button, Group, PasswordInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { groupByChoices, type ImportFormValues, sourceChoices } from '../import-form-values.js';

interface ImportFormProps {
  form: UseFormReturnType<ImportFormValues>;
  /** The form's submit (Enter, Preview). */
  onPreview: () => void;
  onApply: () => void;
  /** Whether a preview of exactly these inputs has finished, so Apply may run. */
  canApply: boolean;
  /** What the person does to get Apply, when it cannot run yet. */
  applyHint: string;
  /** Which button's request is on its way. */
  starting: 'preview' | 'apply' | null;
  /** Whether an import runs now (a second one would be refused). */
  isBusy: boolean;
  /** A refusal of the start that the fields do not explain. */
  failure: ReactNode;
}

/** Where to import from: the source, its URL, app id (phpIPAM), token, grouping (NetBox); Preview and Apply. */
export function ImportForm(props: ImportFormProps) {
  const { form, onPreview, onApply, canApply, applyHint, starting, isBusy, failure } = props;
  const isPhpipam = form.values.source === 'phpipam';
  return (
    <form
      onSubmit={form.onSubmit(onPreview)}
      noValidate
      aria-label="Import from phpIPAM or NetBox"
      autoComplete="off"
    >
      <Stack maw={640}>
        <Radio.Group label="Source" {...form.getInputProps('source')}>
          <Group mt={6}>
            {sourceChoices.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label="URL"
          placeholder={isPhpipam ? 'https://phpipam.example.com/' : 'https://netbox.example.com/'}
          description={
            isPhpipam
              ? "phpIPAM's address (its API's, ending in /api/, works too)."
              : "NetBox's address, as NetBox names itself."
          }
          required
          {...form.getInputProps('url')}
        />
        {isPhpipam && (
          <TextInput
            label="App ID"
            description="The API app's id under Administration › API in phpIPAM."
            required
            {...form.getInputProps('appId')}
          />
        )}
        <PasswordInput
          label="API token"
          description={
            isPhpipam
              ? "The app's code (security “SSL with App code token”) or a user token."
              : 'A NetBox API token whose user may view IPAM objects (and the tenants or sites to group by).'
          }
          autoComplete="off"
          required
          {...form.getInputProps('token')}
        />
        {!isPhpipam && (
          <Select
            label="Group by"
            description="What becomes a group here; prefixes without one go to a group of their own."
            data={groupByChoices}
            allowDeselect={false}
            {...form.getInputProps('groupBy')}
          />
        )}
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          <Text size="sm">
            The server connects to this URL itself, so it must be reachable from the server, not only from
            your browser. The token is used only for this import and is never stored.
          </Text>
        </Alert>
        {failure}
        <Group>
          <Button type="submit" loading={starting === 'preview'} disabled={isBusy && starting !== 'preview'}>
            Preview
          </Button>
          <Button
            color="orange"
            onClick={onApply}
            loading={starting === 'apply'}
            disabled={!canApply || (isBusy && starting !== 'apply')}
          >
            Apply
          </Button>
          {isBusy && starting === null ? (
            <Text size="sm" c="dimmed">
              An import is running: Preview and Apply wait until it has finished.
            </Text>
          ) : (
            !canApply && (
              <Text size="sm" c="dimmed">
                {applyHint}
              </Text>
            )
          )}
        </Group>
      </Stack>
    </form>
  );
}
