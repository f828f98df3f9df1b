CREATE TABLE "geocode_cache" (
	"driver" text NOT NULL,
	"query" text NOT NULL,
	"country" text NOT NULL,
	"candidates" jsonb NOT NULL,
	"ambiguous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "geocode_cache_driver_query_country_pk" PRIMARY KEY("driver","query","country")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "coordinates_precision" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "slug" text NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "location_type" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "place_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_key" text NOT NULL;--> statement-breakpoint
CREATE INDEX "geocode_cache_expires_idx" ON "geocode_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_organization_place_key_idx" ON "locations" USING btree ("organization_id","place_key");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_organization_slug_idx" ON "locations" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "locations_organization_search_key_idx" ON "locations" USING btree ("organization_id","search_key" text_pattern_ops);