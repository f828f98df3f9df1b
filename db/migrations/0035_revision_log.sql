-- What each revision changed (revision_log), so a cached job total can follow job writes instead
-- of counting every match again (lib/jobs/totals.ts). A job write's bump carries its job; the
-- trigger, as its transaction commits, bumps the revision once as before, logs each job the
-- transaction wrote (or one row without a job when anything else was written too) under the new
-- revision, and forgets the organization's entries more than 1,000 revisions old.
CREATE TABLE "revision_log" (
	"organization_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"job_id" uuid,
	"before" jsonb,
	"created" boolean DEFAULT false NOT NULL,
	"recategorized" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "revision_bumps" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "revision_bumps" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "revision_bumps" ADD COLUMN "created" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "revision_bumps" ADD COLUMN "recategorized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "revision_log_organization_revision_idx" ON "revision_log" USING btree ("organization_id","revision");;--> statement-breakpoint
CREATE OR REPLACE FUNCTION apply_revision_bumps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM revision_bumps WHERE organization_id = NEW.organization_id RETURNING *
  ), bumped AS (
    UPDATE organizations SET jobs_revision = jobs_revision + 1
    WHERE id = NEW.organization_id AND EXISTS (SELECT 1 FROM gone)
    RETURNING jobs_revision
  ), logged AS (
    INSERT INTO revision_log (organization_id, revision, job_id, before, created, recategorized)
    SELECT NEW.organization_id, b.jobs_revision, g.job_id, g.before, g.created, g.recategorized
    FROM gone g, bumped b WHERE g.job_id IS NOT NULL
    UNION ALL
    SELECT NEW.organization_id, b.jobs_revision, NULL, NULL, false, false
    FROM bumped b WHERE EXISTS (SELECT 1 FROM gone WHERE job_id IS NULL)
  )
  DELETE FROM revision_log
  WHERE organization_id = NEW.organization_id AND revision <= (SELECT jobs_revision - 1000 FROM bumped);
  RETURN NULL;
END
$$;
