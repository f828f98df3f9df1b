CREATE TABLE "installation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"single" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_single_unique" UNIQUE("single"),
	CONSTRAINT "installation_single_row" CHECK ("installation"."single")
);
--> statement-breakpoint
INSERT INTO "installation" DEFAULT VALUES;
