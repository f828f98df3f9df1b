CREATE TABLE "analytics_daily" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"duration_seconds" bigint DEFAULT 0 NOT NULL,
	"job_views" integer DEFAULT 0 NOT NULL,
	"apply_clicks" integer DEFAULT 0 NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_organization_id_day_dimension_value_pk" PRIMARY KEY("organization_id","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"job_id" uuid,
	"visitor" text NOT NULL,
	"source" text,
	"referrer_host" text,
	"country" text,
	"device" text NOT NULL,
	"browser" text,
	"os" text,
	"props" jsonb
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL,
	"rolled_through" date NOT NULL,
	"partial_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"retention_days" integer DEFAULT 90 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "analytics_events" ("organization_id", "occurred_at", "name", "path", "job_id", "visitor", "device") SELECT a."organization_id", a."created_at", 'apply_click', '/jobs/' || j."slug", a."job_id", 'imported-' || a."id", 'desktop' FROM "apply_clicks" AS a JOIN "jobs" AS j ON j."id" = a."job_id";--> statement-breakpoint
DROP TABLE "apply_clicks" CASCADE;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_rollups" ADD CONSTRAINT "analytics_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_settings" ADD CONSTRAINT "analytics_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_organization_time_idx" ON "analytics_events" USING btree ("organization_id","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_job_time_idx" ON "analytics_events" USING btree ("organization_id","job_id","occurred_at") WHERE "analytics_events"."job_id" is not null;