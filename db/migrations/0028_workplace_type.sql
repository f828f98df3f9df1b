ALTER TABLE "jobs" ADD COLUMN "workplace_type" text DEFAULT 'on_site' NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "workplace_type" = 'remote' WHERE "is_remote";
