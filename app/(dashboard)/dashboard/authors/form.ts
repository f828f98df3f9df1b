/** The author body a form sends: a blank avatar field clears the picture. */
export function authorBodyFromForm(values: Record<string, string>): {
  name: string;
  avatar_url: string | null;
} {
  return { name: values.name ?? '', avatar_url: values.avatar_url?.trim() ? values.avatar_url.trim() : null };
}
