DROP INDEX "job_alerts_search_idx";--> statement-breakpoint
ALTER TABLE "job_alerts" ADD COLUMN "salary_min" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "job_alerts_search_idx" ON "job_alerts" USING btree ("organization_id","email",coalesce("q", ''),coalesce("category", ''),coalesce("job_type", ''),"remote",coalesce("location", ''),coalesce("salary_min", -1));--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_salary_min_check" CHECK ("job_alerts"."salary_min" >= 0);