CREATE TABLE "handover_records" (
	"deal_id" uuid NOT NULL,
	"side" text NOT NULL,
	"user_id" uuid,
	"odometer_miles" integer NOT NULL,
	"keys_handed_over" boolean NOT NULL,
	"title_handed_over" boolean NOT NULL,
	"photos" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "handover_records_deal_id_side_pk" PRIMARY KEY("deal_id","side")
);
--> statement-breakpoint
ALTER TABLE "handover_records" ADD CONSTRAINT "handover_records_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_records" ADD CONSTRAINT "handover_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;