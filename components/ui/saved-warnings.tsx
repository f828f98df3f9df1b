import { Alert } from './alert';

/** The notes a save came back with: it went through, but something deserves a look. */
export function SavedWarnings({ warnings, testId }: { warnings?: string[]; testId: string }) {
  if (!warnings?.length) return null;
  return (
    <Alert variant="warning" data-testid={testId}>
      <p className="font-medium">Saved, with a note:</p>
      <ul className="mt-1 list-disc pl-5">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </Alert>
  );
}
