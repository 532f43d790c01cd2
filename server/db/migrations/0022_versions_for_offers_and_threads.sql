ALTER TABLE "negotiations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "negotiations" ADD COLUMN "thread_version" integer DEFAULT 0 NOT NULL;