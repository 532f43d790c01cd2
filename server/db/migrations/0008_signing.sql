CREATE TABLE "deal_closings" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "envelope_documents" (
	"envelope_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"signed_key" text,
	"signed_sha256" text,
	CONSTRAINT "envelope_documents_envelope_id_kind_pk" PRIMARY KEY("envelope_id","kind")
);
--> statement-breakpoint
CREATE TABLE "envelope_recipients" (
	"envelope_id" uuid NOT NULL,
	"side" text NOT NULL,
	"user_id" uuid NOT NULL,
	"consented_at" timestamp with time zone,
	"share_contact" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_from" text,
	CONSTRAINT "envelope_recipients_envelope_id_side_pk" PRIMARY KEY("envelope_id","side")
);
--> statement-breakpoint
CREATE TABLE "envelopes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"external_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"refused_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "envelopes_external_unique" UNIQUE("external_id")
);
--> statement-breakpoint
ALTER TABLE "deal_closings" ADD CONSTRAINT "deal_closings_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelope_documents" ADD CONSTRAINT "envelope_documents_envelope_id_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelope_recipients" ADD CONSTRAINT "envelope_recipients_envelope_id_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelope_recipients" ADD CONSTRAINT "envelope_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelopes" ADD CONSTRAINT "envelopes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "envelopes_deal_idx" ON "envelopes" USING btree ("deal_id");