CREATE TABLE "transaction_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"event" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"idempotency_key" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_events_key" UNIQUE("transaction_id","idempotency_key"),
	CONSTRAINT "transaction_events_version" UNIQUE("transaction_id","version")
);
--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
-- Transactions made before the engine existed start their side's flow at its first status.
ALTER TABLE "transactions" ADD COLUMN "flow" text;--> statement-breakpoint
UPDATE "transactions" SET "flow" = CASE "side" WHEN 'buyer' THEN 'financed-buyer' ELSE 'title-report' END;--> statement-breakpoint
UPDATE "transactions" SET "status" = CASE "side" WHEN 'buyer' THEN 'identity_started' ELSE 'identity_completed' END WHERE "status" = 'created';--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "flow" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;