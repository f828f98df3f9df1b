CREATE TABLE "revision_bumps" (
	"organization_id" integer NOT NULL
);
--> statement-breakpoint
-- Runs as the inserting transaction commits: bumps the organization's revision once, however many
-- bumps the transaction asked for (a concurrent transaction's rows are invisible here), and leaves
-- the table empty.
CREATE FUNCTION apply_revision_bumps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM revision_bumps WHERE organization_id = NEW.organization_id;
  IF FOUND THEN
    UPDATE organizations SET jobs_revision = jobs_revision + 1 WHERE id = NEW.organization_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER revision_bumps_apply AFTER INSERT ON revision_bumps
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION apply_revision_bumps();
