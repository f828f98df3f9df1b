ALTER TABLE "applications" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_member_idx" ON "applications" USING btree ("member_id");--> statement-breakpoint
UPDATE "applications" AS a SET "member_id" = m."id" FROM "members" AS m WHERE m."organization_id" = a."organization_id" AND lower(m."email") = lower(a."email") AND m."email_verified_at" IS NOT NULL AND a."member_id" IS NULL;
