// The one look of Boardkit's mail: a plain-text part and a small, accessible HTML part carrying the
// organization's name and accent colour. Every value is escaped here.
import { escapeUTF8 as escapeHtml } from 'entities';

export interface MailBrand {
  name: string;
  /** A colour with 4.5:1 contrast against white text (lib/board/look.ts accessibleAccent). */
  accent: string;
}

export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Shown large, for typing in (a sign-in code); a secret (see `secrets`). */
  code?: string;
  /** Linked entries (jobs in an alert), after the paragraphs. */
  items?: MailLink[];
  button?: MailLink;
  /** Small print under a rule: why the mail came, how to stop it. */
  footer: string[];
  footerLinks?: MailLink[];
}

export interface MailLink {
  label: string;
  url: string;
  /** A line under the link (company, place). */
  detail?: string;
  /** The link acts for the reader (signs in, confirms, manages alerts): a secret (see `secrets`). */
  secret?: boolean;
}

/** A rendered message, with the secrets it carries: the mail log shows them masked. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  secrets: string[];
}

export function renderMail(brand: MailBrand, content: MailContent): RenderedMail {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.items ?? []).flatMap((item) => [
      item.label,
      ...(item.detail ? [item.detail] : []),
      item.url,
      '',
    ]),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    '--',
    brand.name,
    ...content.footer,
    ...(content.footerLinks ?? []).map((link) => `${link.label}: ${link.url}`),
  ].join('\n');
  const listItem = (item: MailLink) =>
    `<li style="margin:0 0 12px"><a href="${escapeHtml(item.url)}" style="color:${escapeHtml(brand.accent)};font-weight:600">${escapeHtml(item.label)}</a>${item.detail ? `<br><span style="color:#52525b;font-size:14px">${escapeHtml(item.detail)}</span>` : ''}</li>`;
  const paragraph = (value: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(value)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;color:#18181b;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px">
<div role="article" aria-label="${escapeHtml(content.subject)}" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden">
<div style="background:${escapeHtml(brand.accent)};color:#ffffff;padding:16px 24px;font-weight:700;font-size:18px">${escapeHtml(brand.name)}</div>
<div style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(paragraph).join('\n')}
${content.code ? `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,monospace">${escapeHtml(content.code)}</p>` : ''}
${content.items?.length ? `<ul style="margin:0 0 16px;padding:0;list-style:none">${content.items.map(listItem).join('')}</ul>` : ''}
${content.button ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.button.url)}" style="display:inline-block;background:${escapeHtml(brand.accent)};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.button.label)}</a></p>` : ''}
</div>
<div style="padding:16px 24px;border-top:1px solid #e4e4e7;color:#52525b;font-size:13px">${content.footer.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`).join('')}${content.footerLinks?.length ? `<p style="margin:0">${content.footerLinks.map((link) => `<a href="${escapeHtml(link.url)}" style="color:#3f3f46">${escapeHtml(link.label)}</a>`).join(' · ')}</p>` : ''}</div>
</div></body></html>`;
  const links = [
    ...(content.items ?? []),
    ...(content.button ? [content.button] : []),
    ...(content.footerLinks ?? []),
  ];
  const secrets = [
    ...(content.code ? [content.code] : []),
    ...links.filter((link) => link.secret).map((link) => link.url),
  ];
  return { subject: content.subject, text, html, secrets };
}
