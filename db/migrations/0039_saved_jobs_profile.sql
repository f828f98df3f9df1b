CREATE TABLE "saved_jobs" (
	"member_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"organization_id" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_member_id_job_id_pk" PRIMARY KEY("member_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "resume_key" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "resume_filename" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "resume_bytes" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "resume_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_jobs_member_saved_idx" ON "saved_jobs" USING btree ("member_id","saved_at" DESC NULLS LAST,"job_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_jobs_job_idx" ON "saved_jobs" USING btree ("job_id");