CREATE TABLE "dealer_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"dealership_name" text NOT NULL,
	"licence_number" text NOT NULL,
	"address_line1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"phone" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_applications_status" CHECK ("dealer_applications"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "dealer_applications_note_length" CHECK (char_length("dealer_applications"."note") <= 500),
	CONSTRAINT "dealer_applications_decline_reason" CHECK (("dealer_applications"."status" = 'declined') = ("dealer_applications"."decline_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "dealer_applications" ADD CONSTRAINT "dealer_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_applications" ADD CONSTRAINT "dealer_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_applications_one_pending" ON "dealer_applications" USING btree ("user_id") WHERE "dealer_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "dealer_applications_user" ON "dealer_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "dealer_applications_decided" ON "dealer_applications" USING btree ("decided_at") WHERE "dealer_applications"."decided_at" is not null;