-- Custom SQL migration file, put your code below! --
-- The Drizzle schema cannot say it: a 1000-entry histogram for the name substring search, so the planner sees how
-- common a name is and combines the trigram and date indexes (docs/decisions/wl3-finer-histogram-patient-name-search.md).
ALTER TABLE "exams" ALTER COLUMN "patient_name_search" SET STATISTICS 1000;
