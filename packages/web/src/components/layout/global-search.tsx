import { MAX_SEARCH_LENGTH } from '@ipam/core/schemas/common-fields';
import { ActionIcon, Box, Kbd, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths, searchPath } from '../../config/paths.js';

/** Whether a key press happened where typing goes (so "/" is a character there, not a shortcut). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** The top bar's search across all subnets: Enter opens the results page; "/" focuses it from anywhere. */
export function GlobalSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onResultsPage = location.pathname === paths.search;
  const urlQ = onResultsPage ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(urlQ);
  const inputRef = useRef<HTMLInputElement>(null);

  // The box shows the search of the results page in view (also after Back and Forward).
  useEffect(() => setText(urlQ), [urlQ]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {/* A phone's top bar has no room for the box: an icon opens the results page, which has its own. */}
      <ActionIcon
        component={Link}
        to={paths.search}
        variant="subtle"
        color="gray"
        size="lg"
        hiddenFrom="sm"
        aria-label="Search all subnets"
      >
        <IconSearch size={18} />
      </ActionIcon>
      <Box visibleFrom="sm">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const q = text.trim();
            if (q !== '') void navigate(searchPath(q));
          }}
        >
          <TextInput
            ref={inputRef}
            type="search"
            size="sm"
            placeholder="Search all subnets"
            aria-label="Search all subnets"
            maxLength={MAX_SEARCH_LENGTH}
            leftSection={<IconSearch size={16} />}
            rightSection={<Kbd size="xs">/</Kbd>}
            rightSectionPointerEvents="none"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') event.currentTarget.blur();
            }}
            w={280}
          />
        </form>
      </Box>
    </>
  );
}
