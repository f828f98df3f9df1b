-- drizzle-kit does not emit CREATE EXTENSION. btree_gin lets one GIN index hold organization_id beside a
-- text-search vector, so a board's search never scans other boards' matches.
CREATE EXTENSION IF NOT EXISTS btree_gin;
