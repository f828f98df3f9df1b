CREATE TABLE "private_file_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- However an application goes (its job deleted, its organization deleted), its résumé's key is
-- logged here in the same transaction, for the worker to delete the file (lib/applications).
CREATE FUNCTION log_removed_resume() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO private_file_deletions (key) VALUES (OLD.resume_key) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_removed_resume AFTER DELETE ON applications
  FOR EACH ROW WHEN (OLD.resume_key IS NOT NULL) EXECUTE FUNCTION log_removed_resume();
