import { jobTypeLabels, jobTypes } from '@/lib/jobs/schemas';

/** "Any type", then every job type by its label. */
export function JobTypeOptions() {
  return (
    <>
      <option value="">Any type</option>
      {jobTypes.map((type) => (
        <option key={type} value={type}>
          {jobTypeLabels[type]}
        </option>
      ))}
    </>
  );
}
