import type { z } from 'zod';

/** The "Allowed origins" textarea as a list: one origin a line, blank lines skipped. */
export function originLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The first problem, naming its line when it is about one origin. */
export function originsError(error: z.ZodError, lines: string[]): string {
  const issue = error.issues[0];
  if (!issue) return 'These origins cannot be saved.';
  const index = issue.path[0];
  return typeof index === 'number' && lines[index] !== undefined
    ? `Line ${index + 1}: ${issue.message}`
    : issue.message;
}
