// GET /api/applications/{id}/resume: a resume uploaded on the board, through its signed link.
import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { applications } from '@/db/schema';
import { checkResumeLink, privateFiles } from '@/lib/applications/resume';
import { AppError, notFound } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { securityHeaders } from '@/lib/http/security-headers';

const contentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const download = apiRoute(
  {
    method: 'GET',
    path: '/applications/{id}/resume',
    operationId: 'downloadApplicationResume',
    summary: "Download an applicant's resume (signed link)",
    description:
      'The link is the `resume_url` of an application made on the board: it needs no API key, carries its own signature and expires 7 days after it was issued (401 `unauthorized` for a wrong or expired signature; read the application again for a fresh link). Answers the file (PDF, DOC or DOCX) as an attachment; a PDF asked for with `disposition=inline` comes inline, for a preview on the same site (the dashboard frames it).',
    tags: ['Applications'],
    auth: 'none',
    params: z.object({ id: z.uuid({ error: 'Expected an application id (UUID)' }) }),
    query: z.object({
      expires: z.string().max(20).optional(),
      signature: z.string().max(100).optional(),
      disposition: z
        .enum(['attachment', 'inline'], { error: 'Expected attachment or inline' })
        .optional()
        .describe('`inline` shows a PDF in the browser; other files, and the default, download.'),
    }),
    response: z.string().describe('The file’s bytes.'),
    errors: ['unauthorized', 'not_found'],
  },
  async ({ db, params, query }) => {
    const check = checkResumeLink(params.id, query.expires ?? null, query.signature ?? null);
    if (check !== 'valid') {
      throw new AppError(
        'unauthorized',
        check === 'expired'
          ? 'This resume link has expired; read the application again (API or dashboard) for a fresh link.'
          : 'This resume link is not valid.',
      );
    }
    const [row] = await db
      .select({ key: applications.resumeKey, filename: applications.resumeFilename })
      .from(applications)
      .where(and(eq(applications.id, params.id), isNotNull(applications.resumeKey)))
      .limit(1);
    const body = row?.key ? await privateFiles().read(row.key) : null;
    if (!row?.key || !body) throw notFound('Resume');
    const extension = row.key.split('.').pop() ?? '';
    const filename = (row.filename ?? `resume.${extension}`).replace(/[^\w.\- ]+/g, '_');
    const inline = query.disposition === 'inline' && extension === 'pdf';
    return new Response(body, {
      headers: {
        'content-type': contentTypes[extension] ?? 'application/octet-stream',
        'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${filename}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  },
);

/**
 * Every answer here may be framed by the site itself (the applicant page's PDF preview) and by
 * nothing else; next.config.ts leaves this path's framing headers to the route.
 */
const framedBySite = Object.assign(
  async (...args: Parameters<typeof download>) => {
    const response = await download(...args);
    for (const { key, value } of securityHeaders())
      response.headers.set(key, key === 'X-Frame-Options' ? 'SAMEORIGIN' : value);
    // Framing only: Chrome shows a PDF through its viewer plugin, which a stricter policy (object-src
    // 'none' through default-src) would block.
    response.headers.set('content-security-policy', "frame-ancestors 'self'");
    return response;
  },
  { definition: download.definition },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: framedBySite });
