-- The open days (today) are summed as events come from here on: the events new by id
-- (analytics_summed_events) into rows kept with each visitor's state (analytics_open_visitors,
-- analytics_open_pages). Today's sums so far were whole re-sums, without that state: they go, and
-- the worker's next run sums today again from its events. Ids count from the newest event now.
CREATE TABLE "analytics_open_pages" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"path" text NOT NULL,
	CONSTRAINT "analytics_open_pages_organization_id_day_visitor_path_pk" PRIMARY KEY("organization_id","day","visitor","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_open_visitors" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"visits" jsonb NOT NULL,
	CONSTRAINT "analytics_open_visitors_organization_id_day_visitor_pk" PRIMARY KEY("organization_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "analytics_summed_events" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"through_id" bigint NOT NULL,
	CONSTRAINT "analytics_summed_events_one_row" CHECK ("analytics_summed_events"."id")
);
--> statement-breakpoint
ALTER TABLE "analytics_open_pages" ADD CONSTRAINT "analytics_open_pages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_open_visitors" ADD CONSTRAINT "analytics_open_visitors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DELETE FROM "analytics_daily" "d" USING "analytics_rollups" "r"
WHERE "d"."organization_id" = "r"."organization_id" AND "d"."day" > "r"."rolled_through";--> statement-breakpoint
UPDATE "analytics_rollups" SET "partial_until" = NULL;--> statement-breakpoint
INSERT INTO "analytics_summed_events" ("through_id") SELECT coalesce(max("id"), 0) FROM "analytics_events";
