CREATE TABLE "cms_collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text DEFAULT 'private' NOT NULL,
	"schema" jsonb NOT NULL,
	"schema_version" integer DEFAULT 1 NOT NULL,
	"rules" jsonb NOT NULL,
	"required_entitlement" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_collections_visibility_check" CHECK ("cms_collections"."visibility" in ('public', 'gated', 'private'))
);
--> statement-breakpoint
CREATE TABLE "cms_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"collection_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"schema_version" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"owner_user_id" uuid,
	"source" text DEFAULT 'api' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_items_status_check" CHECK ("cms_items"."status" in ('draft', 'pending_review', 'published', 'expired', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "cors_origins" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_collections" ADD CONSTRAINT "cms_collections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_items" ADD CONSTRAINT "cms_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_items" ADD CONSTRAINT "cms_items_collection_id_cms_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."cms_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cms_collections_organization_slug_idx" ON "cms_collections" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "cms_items_collection_created_idx" ON "cms_items" USING btree ("collection_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cms_items_collection_position_idx" ON "cms_items" USING btree ("collection_id","position","id");--> statement-breakpoint
CREATE INDEX "cms_items_collection_status_idx" ON "cms_items" USING btree ("collection_id","status");--> statement-breakpoint
CREATE INDEX "cms_items_data_idx" ON "cms_items" USING gin ("data" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "cms_items_search_trgm_idx" ON "cms_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cms_items_published_expiry_idx" ON "cms_items" USING btree ("expires_at") WHERE "cms_items"."status" = 'published' and "cms_items"."expires_at" is not null;