import type { CompanyRef } from '@/lib/companies/schemas';
import { invalid } from '@/lib/core/validation';

/**
 * The company columns of a job write, given the company the write names as the board has it
 * (readJobWriteContext). `company_id` links the job to that company and takes its name;
 * `company_name` alone links it to the company of that name (any case) when the board has one, and
 * unlinks it otherwise. Neither sent: the columns stay as they are.
 */
export function companyColumns(
  input: { company_id?: string | null; company_name?: string },
  found: (CompanyRef & { name: string }) | null,
): { companyId?: string | null; companyName?: string; company?: CompanyRef | null } {
  if (input.company_id === null) {
    return {
      companyId: null,
      company: null,
      ...(input.company_name !== undefined ? { companyName: input.company_name } : {}),
    };
  }
  if (input.company_id !== undefined) {
    if (!found || found.id !== input.company_id)
      throw invalid('company_id', `No company ${input.company_id} in this organization.`);
    if (input.company_name !== undefined && input.company_name.toLowerCase() !== found.name.toLowerCase()) {
      throw invalid(
        'company_name',
        `company_name '${input.company_name}' is not the name of company ${found.id} ('${found.name}'): send one of them.`,
      );
    }
    return { companyId: found.id, companyName: found.name, company: found };
  }
  if (input.company_name === undefined) return {};
  return found
    ? { companyId: found.id, companyName: found.name, company: found }
    : { companyId: null, companyName: input.company_name, company: null };
}
