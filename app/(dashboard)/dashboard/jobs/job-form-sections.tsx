import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import {
  howToApplyMethods,
  type JobStatus,
  jobTypeLabels,
  jobTypes,
  salaryPeriods,
  workplaceTypeLabels,
  workplaceTypes,
} from '@/lib/jobs/schemas';
import { DescriptionField } from './description-field';
import { howToApplyMethodLabels, salaryPeriodLabels } from './labels';
import { LocationPicker } from './location-picker';
import { jobStatusLabels } from './status-badges';

interface SectionProps {
  values: Record<string, string>;
  errors: Record<string, string>;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid items-start gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/** A labelled native select; `options` are [value, label] pairs. */
function SelectField({
  name,
  label,
  options,
  values,
  errors,
  hint,
}: SectionProps & { name: string; label: string; options: [string, string][]; hint?: string }) {
  return (
    <Field id={name} label={label} error={errors[name]} hint={hint}>
      <Select id={name} name={name} defaultValue={values[name] ?? ''}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  );
}

const text = (name: string, label: string, { values, errors }: SectionProps) => ({
  name,
  label,
  defaultValue: values[name] ?? '',
  error: errors[name],
});

export function JobSection({ companyNames, ...props }: SectionProps & { companyNames: string[] }) {
  const { values, errors } = props;
  return (
    <Section title="The job" description="What candidates see first.">
      <TextField {...text('title', 'Title', props)} required placeholder="e.g. Senior Backend Engineer" />
      <TextField
        {...text('company_name', 'Company name', props)}
        required
        placeholder="e.g. Acme Inc."
        list="company-names"
        autoComplete="off"
        hint="A company of your board (Companies) gives the job its logo and page."
      />
      <datalist id="company-names">
        {companyNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="sm:col-span-2">
        <DescriptionField
          description={values.description ?? ''}
          html={values.description_html || values.description || ''}
          error={errors.description}
        />
      </div>
      <LocationPicker values={values} errors={errors} />
      <SelectField
        {...props}
        name="job_type"
        label="Job type"
        options={[
          ['', 'Not specified'],
          ...jobTypes.map((type): [string, string] => [type, jobTypeLabels[type]]),
        ]}
      />
      <SelectField
        {...props}
        name="workplace_type"
        label="Workplace"
        hint="Hybrid: partly at an office, partly at home (give a location). Remote: fully from home."
        options={workplaceTypes.map((type): [string, string] => [type, workplaceTypeLabels[type]])}
      />
    </Section>
  );
}

export function SalarySection(props: SectionProps) {
  return (
    <Section title="Salary" description="Optional. Jobs with a salary feed the salary statistics.">
      <TextField {...text('salary_min', 'Salary minimum', props)} type="number" min={0} inputMode="decimal" />
      <TextField {...text('salary_max', 'Salary maximum', props)} type="number" min={0} inputMode="decimal" />
      <TextField
        {...text('salary_currency', 'Currency', props)}
        placeholder="USD"
        maxLength={3}
        className="uppercase"
        hint="ISO 4217 code: USD, EUR, GBP…"
      />
      <SelectField
        {...props}
        name="salary_period"
        label="Period"
        options={[
          ['', 'Not specified'],
          ...salaryPeriods.map((period): [string, string] => [period, salaryPeriodLabels[period]]),
        ]}
      />
    </Section>
  );
}

export function ApplySection(props: SectionProps) {
  return (
    <Section title="How to apply">
      <SelectField
        {...props}
        name="how_to_apply_method"
        label="Application method"
        options={[
          ['', 'Not specified'],
          ...howToApplyMethods.map((method): [string, string] => [method, howToApplyMethodLabels[method]]),
        ]}
      />
      <TextField
        {...text('how_to_apply', 'How to apply', props)}
        hint="The form's URL, the address to write to, or short instructions."
      />
      <TextField
        {...text('contact_email', 'Contact email', props)}
        type="email"
        placeholder="jobs@acme.com"
      />
      <TextField
        {...text('company_website', 'Company website', props)}
        type="url"
        placeholder="https://acme.com"
      />
    </Section>
  );
}

export function CategorySection({ categoryNames, ...props }: SectionProps & { categoryNames: string[] }) {
  return (
    <Section title="Categories" description="Pick an existing category or type a new name to create it.">
      <TextField
        {...text('category', 'Main category', props)}
        list="category-names"
        autoComplete="off"
        placeholder="Engineering"
      />
      <datalist id="category-names">
        {categoryNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <TextField
        {...text('additional_categories', 'Additional categories', props)}
        placeholder="Backend, Python"
        hint="Comma-separated."
      />
    </Section>
  );
}

export function PublishingSection({
  statusOptions,
  isNew,
  ...props
}: SectionProps & { statusOptions: JobStatus[]; isNew: boolean }) {
  return (
    <Section title="Publishing">
      <SelectField
        {...props}
        name="status"
        label="Status"
        options={statusOptions.map((status): [string, string] => [status, jobStatusLabels[status]])}
        hint={isNew ? 'Active jobs are live at once.' : 'Only the moves this job allows are listed.'}
      />
      <TextField
        {...text('expires_at', 'Expires on', props)}
        type="date"
        hint={
          isNew
            ? 'Leave empty for the default: 30 days after the job goes live.'
            : 'The job goes offline at the end of this day (UTC). Empty: never expires.'
        }
      />
    </Section>
  );
}
