// Whether a request comes from a browser signed in to the dashboard: Auth.js's session cookie
// (plain on http, `__Secure-` on https). Board analytics leave such visits out, so owners previewing
// their board do not count as visitors.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?authjs\.session-token(?:\.\d+)?=/;

export const hasDashboardSession = (headers: Headers): boolean =>
  SESSION_COOKIE.test(headers.get('cookie') ?? '');
