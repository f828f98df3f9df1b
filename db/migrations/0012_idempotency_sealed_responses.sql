-- Stored answers were kept as clear JSON, webhook signing secrets included: drop them with their records
-- (a retry after this migration runs its request again), then keep answers sealed.
DELETE FROM "idempotency_records" WHERE "response_status" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "sealed_response" text;--> statement-breakpoint
ALTER TABLE "idempotency_records" DROP COLUMN "response_body";
