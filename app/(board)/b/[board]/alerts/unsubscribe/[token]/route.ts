// RFC 8058 one-click unsubscribe, the List-Unsubscribe URL of every alert mail. A POST (what mail
// clients send: `List-Unsubscribe=One-Click`) stops that alert without a session; a GET (a person
// who opened the URL) goes to the page of that address's alerts and changes nothing.
import { getDb } from '@/db/client';
import { alertEmail, alertIdForUnsubscribeToken, manageToken, unsubscribeAlerts } from '@/lib/alerts';
import { problemPage } from '@/lib/http/request-guards';
import { boardForRoute, notFoundText } from '../../../feeds';

type Context = { params: Promise<{ board: string; token: string }> };

const text = (body: string, status = 200) =>
  new Response(`${body}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export async function POST(_request: Request, context: Context): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  const alertId = alertIdForUnsubscribeToken(board.org.id, (await context.params).token);
  if (!alertId) return text('This unsubscribe link is not valid.', 400);
  await unsubscribeAlerts(await getDb(), board.org.id, { ids: [alertId] });
  return text('Unsubscribed. This alert sends nothing more.');
}

/** A person opened the link: the manage page, or a page saying why not. */
export async function GET(_request: Request, context: Context): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  const alertId = alertIdForUnsubscribeToken(board.org.id, (await context.params).token);
  const page = (status: number, title: string) =>
    problemPage(status, title, 'Open the link in the latest alert mail, or manage your alerts on the board.');
  if (!alertId) return page(400, 'This unsubscribe link is not valid');
  const email = await alertEmail(await getDb(), board.org.id, alertId);
  if (!email) return page(404, 'This alert no longer exists');
  return Response.redirect(
    `${board.url}/alerts/manage?token=${manageToken(board.org.id, email, new Date())}`,
    303,
  );
}
