CREATE TABLE "idempotency_keys" (
	"owner" text NOT NULL,
	"key" text NOT NULL,
	"command" text NOT NULL,
	"request_hash" text,
	"label" text,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_owner_key_pk" PRIMARY KEY("owner","key")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "outbox_effect" UNIQUE("kind","ref")
);
--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("status","run_at");--> statement-breakpoint
-- Keys sent before this migration keep answering as they did: kept without a request hash (taken as the same request).
INSERT INTO "idempotency_keys" ("owner", "key", "command", "answer", "created_at")
  SELECT 'user:' || "user_id", "idempotency_key"::text, 'offer ' || "action", jsonb_build_object('negotiationId', "negotiation_id"), "created_at"
  FROM "offer_requests" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "idempotency_keys" ("owner", "key", "command", "answer", "created_at")
  SELECT 'partner:' || "key_id", "idempotency_key", 'create partner deal', jsonb_build_object('dealId', "deal_id"), "created_at"
  FROM "partner_requests" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "idempotency_keys" ("owner", "key", "command", "answer", "created_at")
  SELECT 'user:' || "dealer_user_id", "idempotency_key"::text, 'submit dealer sale', jsonb_build_object('saleId', "id"), "created_at"
  FROM "dealer_sales" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "idempotency_keys" ("owner", "key", "command", "answer", "created_at")
  SELECT 'user:' || "actor_user_id", "idempotency_key"::text, 'step event', '{}'::jsonb, "at"
  FROM "transaction_events" WHERE "idempotency_key" IS NOT NULL AND "actor_user_id" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
-- What was still to go out goes out through the outbox: requests providers had not taken, mail not sent.
INSERT INTO "outbox" ("kind", "ref") SELECT 'provider request', "id"::text FROM "provider_requests" WHERE "status" = 'pending' ORDER BY "created_at";--> statement-breakpoint
INSERT INTO "outbox" ("kind", "ref") SELECT 'mail', "id"::text FROM "notifications" WHERE "sent_at" IS NULL ORDER BY "created_at";
