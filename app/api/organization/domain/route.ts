// GET and PUT /api/organization/domain: the board's custom domain and its DNS verification.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { setCustomDomain, toDomainOut, verifyCustomDomain } from '@/lib/organizations';
import { domainSchema, putDomainBodySchema } from '@/lib/organizations/schemas';

const response = z.object({ data: domainSchema });

const getDomain = apiRoute(
  {
    method: 'GET',
    path: '/organization/domain',
    operationId: 'getBoardDomain',
    summary: "The board's custom domain",
    description: 'The domain, its verification status and the DNS records to create.',
    tags: ['Organization'],
    response,
  },
  async ({ organization }) => ({ data: toDomainOut(organization) }),
);

const putDomain = apiRoute(
  {
    method: 'PUT',
    path: '/organization/domain',
    operationId: 'putBoardDomain',
    summary: 'Set, re-check or remove the custom domain',
    description:
      'Setting a new domain starts it unverified with a new TXT token; create the CNAME and TXT records in `records`, then PUT the same domain again to check DNS. Once verified, `board_url` (and every job and page `url`) moves to `https://{domain}`. A failed check of a verified domain makes it `failing`: the board stays there for 72 hours from the first failed check, then a check returns it to `pending`. `domain: null` removes it and the board returns to its default address. 409 when another board uses the domain.',
    tags: ['Organization'],
    body: putDomainBodySchema,
    response,
    errors: ['conflict'],
  },
  async ({ db, organization, body }) => {
    let org = await setCustomDomain(db, organization, body.domain);
    if (org.customDomain && body.verify !== false) org = await verifyCustomDomain(db, org);
    return { data: toDomainOut(org) };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getDomain, PUT: putDomain });
