import { z } from 'zod';
import { httpUrl, optionalText, plainText } from '@/lib/core/fields';
import { paginationQuery } from '@/lib/core/pagination';

export const COMPANY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Company name is required' })
  .max(200, { error: 'Must be at most 200 characters' });

const slugSchema = z
  .string()
  .trim()
  .max(80, { error: 'Must be at most 80 characters' })
  .regex(COMPANY_SLUG_PATTERN, {
    error: 'Use lowercase letters, digits and single hyphens (e.g. `acme-corp`)',
  })
  .describe('The company page is `/companies/{slug}` on the board; generated from the name when omitted.');

const fields = {
  logo_url: httpUrl
    .nullable()
    .optional()
    .describe(
      'An http(s) URL of the logo, ideally an image of the media library (`POST /assets`); square works best.',
    ),
  website: httpUrl.nullable().optional().describe('The company’s own site; the job page links to it.'),
  description: optionalText(2000).describe('A short plain-text introduction shown on the company page.'),
};

export const createCompanyBodySchema = z.object({ name: nameSchema, slug: slugSchema.optional(), ...fields });

export const updateCompanyBodySchema = z
  .object({ name: nameSchema.optional(), slug: slugSchema.optional(), ...fields })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one of `name`, `slug`, `logo_url`, `website`, `description`.',
  });

export const listCompaniesQuerySchema = z.object({
  ...paginationQuery(20),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Companies whose name contains this text (any case).'),
});

/** A company as a job shows it. */
export const companyRefSchema = z
  .object({
    id: z.uuid(),
    name: plainText(),
    slug: z.string(),
    logo_url: z.string().nullable(),
    website: z.string().nullable(),
  })
  .meta({ id: 'CompanyRef' });

export const companySchema = companyRefSchema
  .extend({
    url: z.string().describe('The company’s page on the board.'),
    description: plainText().nullable(),
    job_count: z.number().int().describe('Jobs linked to the company, whatever their status.'),
    live_job_count: z.number().int().describe('Of those, the jobs the board lists now.'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Company' });

export type CompanyRef = z.infer<typeof companyRefSchema>;
export type CompanyOut = z.infer<typeof companySchema>;
export type CreateCompanyInput = z.infer<typeof createCompanyBodySchema>;
export type UpdateCompanyInput = z.infer<typeof updateCompanyBodySchema>;
export type ListCompaniesQuery = z.infer<typeof listCompaniesQuerySchema>;
