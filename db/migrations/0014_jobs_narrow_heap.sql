-- Keep a job's heap row narrow (~250 bytes): the description moves out of line beside the search
-- vector. An exact search count visits every match's heap page for visibility (PostgreSQL 15 no
-- longer skips all-visible pages in bitmap scans): with 1.5 KB descriptions inline, 38,762 matches
-- of `Excel` among 70,065 jobs touched 16,549 pages (55 ms); with them out of line, 2,824 (11 ms).
-- Rows written before this move out as they are next updated.
ALTER TABLE "jobs" SET (toast_tuple_target = 256);
