import { PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * What proves it is the user before a factor goes (turning the app off, removing a passkey): their
 * password, or a current code of their authenticator app when they have one.
 */
export function useProof() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return {
    password,
    code,
    setPassword,
    setCode,
    /** The body's proof: the code when one was typed, else the password. */
    proof: () => (code.trim() ? { code } : { password }),
  };
}

/** The password field, and the code field for a user with an authenticator app. */
export function ProofFields({ state, hasCode }: { state: ReturnType<typeof useProof>; hasCode: boolean }) {
  return (
    <>
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        value={state.password}
        onChange={(event) => state.setPassword(event.currentTarget.value)}
      />
      {hasCode && (
        <TextInput
          label="Or a code"
          autoComplete="one-time-code"
          maxLength={20}
          value={state.code}
          onChange={(event) => state.setCode(event.currentTarget.value)}
        />
      )}
    </>
  );
}
