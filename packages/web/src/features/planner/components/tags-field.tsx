import { Pill, PillsInput } from '@mantine/core';
import { useState } from 'react';
import { addTags, isTagKey } from '../lib/tag-input.js';

interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  /** A message from the form (the schema or the server). */
  error?: string | null;
}

/** Tags: Enter or comma adds (lower-cased, trimmed, no duplicates, at most 10 of 20 characters) (PL-48). */
export function TagsField({ value, onChange, error }: TagsFieldProps) {
  const [typed, setTyped] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);

  const commit = (text: string) => {
    const entry = addTags(value, text);
    setEntryError(entry.error);
    setTyped(entry.rest);
    if (entry.error === null) onChange(entry.tags);
  };

  return (
    <PillsInput
      label="Tags"
      description="Press Enter or type a comma to add a tag."
      error={entryError ?? error ?? undefined}
    >
      <Pill.Group>
        {value.map((tag) => (
          <Pill
            key={tag}
            withRemoveButton
            removeButtonProps={{ 'aria-label': `Remove tag ${tag}` }}
            onRemove={() => {
              setEntryError(null);
              onChange(value.filter((other) => other !== tag));
            }}
          >
            {tag}
          </Pill>
        ))}
        <PillsInput.Field
          aria-label="Add tag"
          value={typed}
          placeholder={value.length === 0 ? 'e.g. office' : undefined}
          onChange={(event) => {
            const text = event.currentTarget.value;
            // A pasted or typed comma adds what comes before it (a tag cannot hold a comma: S42).
            if (text.includes(',')) commit(text);
            else {
              setTyped(text);
              setEntryError(null);
            }
          }}
          onKeyDown={(event) => {
            if (isTagKey(event.key)) {
              event.preventDefault();
              if (typed.trim() !== '') commit(typed);
            } else if (event.key === 'Backspace' && typed === '' && value.length > 0) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => typed.trim() !== '' && commit(typed)}
        />
      </Pill.Group>
    </PillsInput>
  );
}
