DROP INDEX "applications_organization_created_idx";--> statement-breakpoint
DROP INDEX "applications_job_created_idx";--> statement-breakpoint
DROP INDEX "jobs_organization_created_idx";--> statement-breakpoint
CREATE INDEX "jobs_organization_slug_pattern_idx" ON "jobs" USING btree ("organization_id","slug" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_organization_created_idx" ON "applications" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_created_idx" ON "applications" USING btree ("job_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_organization_created_idx" ON "jobs" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);