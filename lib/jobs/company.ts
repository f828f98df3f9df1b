import { and, eq, sql } from 'drizzle-orm';
import { companies } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { invalid } from '@/lib/core/validation';

/**
 * The company columns of a job write. `company_id` links the job to that company and takes its name;
 * `company_name` alone links it to the company of that name (any case) when the board has one, and
 * unlinks it otherwise. Neither sent: the columns stay as they are.
 */
export async function companyColumns(
  db: Db,
  orgId: number,
  input: { company_id?: string | null; company_name?: string },
): Promise<{ companyId?: string | null; companyName?: string }> {
  if (input.company_id === null) {
    return {
      companyId: null,
      ...(input.company_name !== undefined ? { companyName: input.company_name } : {}),
    };
  }
  if (input.company_id !== undefined) {
    const [company] = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(and(eq(companies.organizationId, orgId), eq(companies.id, input.company_id)))
      .limit(1);
    if (!company) throw invalid('company_id', `No company ${input.company_id} in this organization.`);
    if (input.company_name !== undefined && input.company_name.toLowerCase() !== company.name.toLowerCase()) {
      throw invalid(
        'company_name',
        `company_name '${input.company_name}' is not the name of company ${company.id} ('${company.name}'): send one of them.`,
      );
    }
    return { companyId: company.id, companyName: company.name };
  }
  if (input.company_name === undefined) return {};
  const [named] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(eq(companies.organizationId, orgId), sql`lower(${companies.name}) = lower(${input.company_name})`),
    )
    .limit(1);
  return named
    ? { companyId: named.id, companyName: named.name }
    : { companyId: null, companyName: input.company_name };
}
