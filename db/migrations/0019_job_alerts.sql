CREATE TABLE "alert_jobs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"live_since" timestamp with time zone NOT NULL,
	"instant_matched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_scans" (
	"name" text PRIMARY KEY NOT NULL,
	"scanned_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_alert_deliveries" (
	"alert_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alert_deliveries_alert_id_job_id_pk" PRIMARY KEY("alert_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"member_id" uuid,
	"q" text,
	"category" text,
	"job_type" text,
	"remote" boolean DEFAULT false NOT NULL,
	"location" text,
	"frequency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"search_query" "tsquery" GENERATED ALWAYS AS (case when q is null then null else websearch_to_tsquery('english', q) end) STORED,
	"search_pattern" text GENERATED ALWAYS AS (case when length(q) >= 3 then '%' || replace(replace(replace(q, '\', '\\'), '%', '\%'), '_', '\_') || '%' end) STORED,
	"location_pattern" text GENERATED ALWAYS AS (case when length(location) >= 1 then '%' || replace(replace(replace(location, '\', '\\'), '%', '\%'), '_', '\_') || '%' end) STORED,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"digest_cursor" timestamp with time zone,
	"next_digest_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_frequency_check" CHECK ("job_alerts"."frequency" in ('instant', 'daily', 'weekly')),
	CONSTRAINT "job_alerts_status_check" CHECK ("job_alerts"."status" in ('pending', 'active', 'unsubscribed'))
);
--> statement-breakpoint
ALTER TABLE "alert_jobs" ADD CONSTRAINT "alert_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_jobs" ADD CONSTRAINT "alert_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_deliveries" ADD CONSTRAINT "job_alert_deliveries_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_deliveries" ADD CONSTRAINT "job_alert_deliveries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_jobs_organization_live_idx" ON "alert_jobs" USING btree ("organization_id","live_since");--> statement-breakpoint
CREATE INDEX "alert_jobs_instant_due_idx" ON "alert_jobs" USING btree ("live_since") WHERE "alert_jobs"."instant_matched_at" is null;--> statement-breakpoint
CREATE INDEX "job_alert_deliveries_job_idx" ON "job_alert_deliveries" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_alerts_search_idx" ON "job_alerts" USING btree ("organization_id","email",coalesce("q", ''),coalesce("category", ''),coalesce("job_type", ''),"remote",coalesce("location", ''));--> statement-breakpoint
CREATE INDEX "job_alerts_organization_created_idx" ON "job_alerts" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_alerts_instant_idx" ON "job_alerts" USING btree ("organization_id") WHERE "job_alerts"."status" = 'active' and "job_alerts"."frequency" = 'instant';--> statement-breakpoint
CREATE INDEX "job_alerts_digest_due_idx" ON "job_alerts" USING btree ("next_digest_at") WHERE "job_alerts"."status" = 'active' and "job_alerts"."frequency" <> 'instant';--> statement-breakpoint
CREATE INDEX "job_alerts_member_idx" ON "job_alerts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "jobs_updated_idx" ON "jobs" USING btree ("updated_at");