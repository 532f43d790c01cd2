CREATE TABLE "dispute_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"side" text NOT NULL,
	"user_id" uuid,
	"note" text NOT NULL,
	"photos" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"raised_by_user_id" uuid,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"decision_reason" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"raised_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "disputes_deal_id_unique" UNIQUE("deal_id")
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "delivery_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "delivery_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "delivery_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_raised_by_user_id_users_id_fk" FOREIGN KEY ("raised_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_evidence_dispute" ON "dispute_evidence" USING btree ("dispute_id","at");--> statement-breakpoint
CREATE INDEX "deals_delivery_due" ON "deals" USING btree ("delivery_due_at") WHERE "deals"."delivery_confirmed_at" is null;--> statement-breakpoint
-- Sales handed over before delivery confirmation existed released their money at the handover: they count as confirmed then.
UPDATE "deals" SET "delivery_confirmed_at" = s."handed_over_at", "delivery_due_at" = s."handed_over_at", "delivery_confirmed_by" = 'clock'
FROM "shipments" s WHERE s."deal_id" = "deals"."id" AND s."status" <> 'cancelled' AND s."handed_over_at" IS NOT NULL;
