import { TextField } from '@/components/ui/field';

// The account fields of the sign-in, sign-up and invitation forms, named and hinted alike.

export function NameField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      name="name"
      label="Your name"
      autoComplete="name"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

export function PasswordField({ error, isNew = false }: { error?: string; isNew?: boolean }) {
  return (
    <TextField
      name="password"
      label="Password"
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      // MIN_PASSWORD_LENGTH (lib/auth/passwords.ts), whose module a browser cannot load.
      hint={isNew ? 'At least 8 characters.' : undefined}
      error={error}
    />
  );
}
