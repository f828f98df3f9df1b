-- drizzle-kit does not emit CREATE EXTENSION; trigram indexes back the fuzzy search of later resources.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
