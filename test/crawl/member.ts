// The board as a signed-in member sees it: signing in through the board's own forms (no JavaScript:
// the forms post to their server actions as a browser without scripts would, and the code comes
// from the dev mailbox), then the checkout's Pay button pressed many times at once, which must
// take one payment. Forms are read from the page's HTML, so a renamed field fails loudly here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { type Answer, api } from './http';
import type { Recorder } from './recorder';

export interface Member {
  email: string;
  cookie: string;
}

type Fields = [string, string][];

/** The fields a browser would send for the form (the first POST form, or the one `pick` chooses). */
export function formFields(html: string, pick: (form: Element) => boolean = () => true): Fields | undefined {
  const document = parseDocument(html);
  const form = DomUtils.findAll(
    (element) =>
      element.name === 'form' && (element.attribs.method ?? 'post').toLowerCase() === 'post' && pick(element),
    document.children,
  )[0];
  if (!form) return undefined;
  const fields: Fields = [];
  for (const input of DomUtils.findAll((element) => element.name === 'input', form.children) as Element[]) {
    const { name, value = '', type } = input.attribs;
    if (!name) continue;
    if ((type === 'radio' || type === 'checkbox') && !('checked' in input.attribs)) continue;
    fields.push([name, value]);
  }
  return fields;
}

/** A multipart body as a browser without JavaScript sends a server action's form. */
async function multipart(fields: Fields): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

async function post(
  recorder: Recorder,
  check: string,
  url: string,
  fields: Fields,
  cookie?: string,
  limitMs?: number,
): Promise<Answer> {
  const { body, type } = await multipart(fields);
  return recorder.send(
    check,
    url,
    {
      method: 'POST',
      body,
      headers: { 'content-type': type, origin: new URL(url).origin, ...(cookie ? { cookie } : {}) },
    },
    `${check} POST`,
    limitMs,
  );
}

const set = (fields: Fields, name: string, value: string): Fields => [
  ...fields.filter(([field]) => field !== name),
  [name, value],
];

/** The sign-in code of the newest message to `email` in the dev mailbox that was not there before. */
async function codeFromMailbox(
  mailDir: string,
  email: string,
  before: Set<string>,
): Promise<string | undefined> {
  for (let attempt = 0; attempt < 75; attempt++) {
    const files = [...listMailbox(mailDir)]
      .filter((file) => file.endsWith('.eml') && !before.has(file))
      .sort()
      .reverse();
    for (const file of files) {
      const text = readFileSync(path.join(mailDir, file), 'utf8');
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'm').test(text)) continue;
      const code = /^Subject: .*?(\d{6})\s*$/m.exec(text)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undefined;
}

const listMailbox = (mailDir: string) => {
  try {
    return new Set(readdirSync(mailDir));
  } catch {
    return new Set<string>();
  }
};

/** Signs a new member in with the emailed code; undefined (and a failure) when a step breaks. */
export async function signIn(
  recorder: Recorder,
  boardUrl: string,
  mailDir: string,
  email: string,
): Promise<Member | undefined> {
  const fail = (problem: string, answer?: Pick<Answer, 'method' | 'url'>) => {
    recorder.fail('member sign-in', problem, answer ?? { method: 'GET', url: `${boardUrl}/sign-in` });
    return undefined;
  };
  const page = await recorder.send('member sign-in', `${boardUrl}/sign-in`, {}, '/sign-in html');
  const fields = formFields(page.body);
  if (!fields?.some(([name]) => name === 'email'))
    return fail('the sign-in page has no form with an email field', page);
  const before = listMailbox(mailDir);
  const asked = await post(
    recorder,
    'member sign-in: ask for a code',
    `${boardUrl}/sign-in`,
    set(fields, 'email', email),
  );
  const location = String(asked.headers.location ?? '');
  if (asked.status !== 303 || !location.includes('/sign-in/code'))
    return fail(`asking for a code answered ${asked.status} ${location}`, asked);
  const code = await codeFromMailbox(mailDir, email, before);
  if (!code) return fail(`no sign-in code reached ${mailDir} within 15 s`, asked);
  const codeUrl = new URL(location, boardUrl).href;
  const codePage = await recorder.send('member sign-in: the code page', codeUrl, {}, '/sign-in/code html');
  const codeFields = formFields(codePage.body);
  if (!codeFields) return fail('the code page has no form', codePage);
  const signed = await post(recorder, 'member sign-in: the code', codeUrl, set(codeFields, 'code', code));
  const cookie = [signed.headers['set-cookie'] ?? []].flat().map((value) => value.split(';')[0]!)[0];
  if (signed.status !== 303 || !cookie)
    return fail(`the code answered ${signed.status} without a session`, signed);
  return { email, cookie };
}

/**
 * The member subscribes to the paywall plan from the pricing page, then presses Pay on the local
 * checkout `presses` times at once: every press is answered (no 5xx), and one payment and one
 * subscription exist afterwards.
 */
export async function payInParallel(
  recorder: Recorder,
  boardUrl: string,
  member: Member,
  planName: string,
  admin: { base: string; key: string },
  presses = 8,
): Promise<boolean> {
  const { cookie } = member;
  const fail = (problem: string, answer?: Pick<Answer, 'method' | 'url'>) => {
    recorder.fail('parallel Pay', problem, answer);
    return false;
  };
  const pricing = await recorder.send('parallel Pay: pricing', `${boardUrl}/pricing`, {
    headers: { cookie },
  });
  const buy = formFields(pricing.body, (form) => DomUtils.textContent(form).includes(planName));
  if (!buy) return fail(`the pricing page has no form for ${planName}`, pricing);
  const started = await post(recorder, 'parallel Pay: choose the plan', `${boardUrl}/pricing`, buy, cookie);
  const checkoutUrl = started.headers.location && new URL(String(started.headers.location), boardUrl).href;
  if (started.status !== 303 || !checkoutUrl?.includes('/checkout/'))
    return fail(`choosing the plan answered ${started.status} ${checkoutUrl ?? ''}`, started);
  const checkout = await recorder.send('parallel Pay: checkout', checkoutUrl, { headers: { cookie } });
  const pay = formFields(checkout.body);
  if (!pay) return fail('the checkout page has no Pay form', checkout);
  const before = await paidCount(admin, planName);
  const answers = await Promise.all(
    Array.from({ length: presses }, () =>
      post(recorder, 'parallel Pay: press', checkoutUrl, pay, cookie, 10_000),
    ),
  );
  for (const answer of answers)
    if (!answer.error && answer.status !== 303)
      fail(`a press answered ${answer.status}, expected 303`, answer);
  const after = await paidCount(admin, planName);
  if (after.payments - before.payments !== 1 || after.subscriptions - before.subscriptions !== 1)
    return fail(
      `${presses} presses at once took ${after.payments - before.payments} payments and made ${after.subscriptions - before.subscriptions} subscriptions (expected 1 and 1)`,
      { method: 'POST', url: checkoutUrl },
    );
  return true;
}

async function paidCount(
  { base, key }: { base: string; key: string },
  planName: string,
): Promise<{ payments: number; subscriptions: number }> {
  type Page<T> = { data: T[] };
  const plans = await api<Page<{ id: string; name: string }>>(base, key, 'GET', '/plans?per_page=100');
  const plan = plans.data.find((candidate) => candidate.name === planName)?.id;
  const [payments, subscriptions] = await Promise.all([
    api<Page<{ status: string }>>(base, key, 'GET', `/payments?plan=${plan}&status=succeeded&per_page=100`),
    api<Page<{ status: string }>>(base, key, 'GET', `/subscriptions?plan=${plan}&per_page=100`),
  ]);
  return { payments: payments.data.length, subscriptions: subscriptions.data.length };
}
