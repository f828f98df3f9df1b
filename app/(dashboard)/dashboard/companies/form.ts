import type { CompanyOut } from '@/lib/companies/schemas';

/** The fields of the company form; the slug only when editing (a new company's comes from its name). */
export const companyFields = ['name', 'website', 'logo_url', 'description'] as const;
export const companyEditFields = ['name', 'slug', 'website', 'logo_url', 'description'] as const;

export type CompanyFormValues = Record<(typeof companyEditFields)[number], string>;

/** A blank optional field clears it (null), as the API reads null. */
const optional = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The company body a form sends; a slug field, when there is one, is sent as typed for the schema to check. */
export function companyBodyFromForm(values: Partial<CompanyFormValues>) {
  return {
    name: values.name ?? '',
    ...(values.slug !== undefined ? { slug: values.slug } : {}),
    website: optional(values.website),
    logo_url: optional(values.logo_url),
    description: values.description ?? '',
  };
}

export function formValuesFromCompany(company: CompanyOut): CompanyFormValues {
  return {
    name: company.name,
    slug: company.slug,
    website: company.website ?? '',
    logo_url: company.logo_url ?? '',
    description: company.description ?? '',
  };
}
