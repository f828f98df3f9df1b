DROP INDEX "jobs_search_idx";--> statement-breakpoint
CREATE INDEX "jobs_organization_search_idx" ON "jobs" USING gin ("organization_id","search_vector");--> statement-breakpoint
CREATE INDEX "jobs_organization_title_search_idx" ON "jobs" USING gin ("organization_id",to_tsvector('english', "title"));--> statement-breakpoint
CREATE INDEX "jobs_organization_company_search_idx" ON "jobs" USING gin ("organization_id",to_tsvector('english', "company_name"));