import { TextField } from '@/components/ui/field';

// The account fields of the sign-in, sign-up, invitation and account forms, named and hinted alike.

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

export function PasswordField({
  error,
  isNew = false,
  name = 'password',
  label = 'Password',
}: {
  error?: string;
  isNew?: boolean;
  name?: string;
  label?: string;
}) {
  return (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      // MIN_PASSWORD_LENGTH (lib/auth/passwords.ts), whose module a browser cannot load.
      hint={isNew ? 'At least 8 characters.' : undefined}
      error={error}
    />
  );
}

export function BoardNameField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      name="organizationName"
      label="Job board name"
      required
      placeholder="Acme Careers"
      hint="You can rename it later."
      defaultValue={defaultValue}
      error={error}
    />
  );
}
