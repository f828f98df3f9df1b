'use server';

import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import { createCompany, deleteCompany, updateCompany } from '@/lib/companies';
import { createCompanyBodySchema, updateCompanyBodySchema } from '@/lib/companies/schemas';
import type { FormErrorRules, FormState } from '@/lib/forms';
import { boardUrl } from '@/lib/organizations';
import { dashboardAction, dashboardRowAction, rowId, textFields } from '../dashboard-action';
import { companyBodyFromForm, companyEditFields, companyFields, formValuesFromCompany } from './form';

const companiesPath = '/dashboard/companies';

const errors = {
  // The schema's own words quote the API's syntax (`acme-corp`); the form says it plainly.
  fieldWords: {
    slug: { invalid_format: 'Use lowercase letters, digits and single hyphens, such as acme-corp.' },
  },
} satisfies FormErrorRules;

export const createCompanyAction = dashboardAction(
  'companies.manage',
  textFields(companyFields)
    .transform((values): z.input<typeof createCompanyBodySchema> => companyBodyFromForm(values))
    .pipe(createCompanyBodySchema),
  async (body, { db, organization }): Promise<FormState> => {
    const company = await createCompany(db, organization.id, body, boardUrl(organization));
    const joined = company.job_count;
    return {
      success: `Added ${company.name}.${joined ? ` ${joined} job${joined === 1 ? '' : 's'} under this name joined it.` : ''}`,
    };
  },
  // A name taken meanwhile is refused by the database without naming the field: it can only be the name.
  { revalidate: [companiesPath], errors: { ...errors, codeFields: { conflict: 'name' } } },
);

const updateCompanyForm = z
  .object({ id: z.uuid({ error: 'Unknown company.' }) })
  .and(updateCompanyBodySchema);

export const updateCompanyAction = dashboardAction(
  'companies.manage',
  textFields(['id', ...companyEditFields])
    .transform(
      ({ id, ...values }): z.input<typeof updateCompanyForm> => ({ id, ...companyBodyFromForm(values) }),
    )
    .pipe(updateCompanyForm),
  async ({ id, ...body }, { db, organization }): Promise<FormState> => {
    const company = await updateCompany(db, organization.id, id, body, boardUrl(organization));
    return { success: 'Saved.', values: formValuesFromCompany(company) };
  },
  // The id is the form's own: a problem with it is the form's message.
  { revalidate: [[companiesPath, 'layout']], errors: { ...errors, fields: companyEditFields } },
);

/** From its editor: the page is gone afterwards, so it leads back to the list. */
export const deleteCompanyAction = dashboardRowAction(
  'companies.manage',
  z.tuple([rowId('Unknown company.')]),
  async ([id], { db, organization }): Promise<ActionResult> => {
    await deleteCompany(db, organization.id, id);
    return {};
  },
  { revalidate: [[companiesPath, 'layout']], gone: {}, redirect: () => companiesPath },
);
