ALTER TABLE "transactions" ADD COLUMN "step_data" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fold_revision" integer DEFAULT 0 NOT NULL;