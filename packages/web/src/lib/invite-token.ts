const storageKey = 'ipam.inviteToken';

/**
 * The token of the invite link the visitor arrived with (`?invite=…`), kept for the tab so that
 * switching between the Sign Up and Login tabs or pages does not lose it; undefined when none.
 */
export function inviteTokenFrom(search: URLSearchParams): string | undefined {
  const fromUrl = search.get('invite');
  if (fromUrl) {
    sessionStorage.setItem(storageKey, fromUrl);
    return fromUrl;
  }
  return sessionStorage.getItem(storageKey) ?? undefined;
}

/** Forgets the invite link's token once a sign-up or login has used it. */
export function forgetInviteToken(): void {
  sessionStorage.removeItem(storageKey);
}
