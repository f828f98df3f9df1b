-- Servers cache what an API key authenticates to (the key, its organization and the organization's
-- jobs_revision). Every committed change to either row tells them on the `organization_changes`
-- channel, with the organization id as payload, so revocations and job writes made by any process
-- (another instance, the admin CLI) reach every cache at once.
CREATE FUNCTION notify_organization_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('organization_changes', to_jsonb(COALESCE(NEW, OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_notify_change AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION notify_organization_change('id');
--> statement-breakpoint
CREATE TRIGGER api_keys_notify_change AFTER UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION notify_organization_change('organization_id');
