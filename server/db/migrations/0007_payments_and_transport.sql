CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"institution" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"mask" text NOT NULL,
	"provider_item_id" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"access_token" text NOT NULL,
	"processor_token" text NOT NULL,
	"status" text NOT NULL,
	"verification_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_link_tokens" (
	"link_token" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"key" text NOT NULL,
	"reason" text NOT NULL,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_journals_key" UNIQUE("deal_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"journal_id" uuid NOT NULL,
	"account" text NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "ledger_lines_nonzero" CHECK ("ledger_lines"."cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"purpose" text NOT NULL,
	"account" text NOT NULL,
	"bank_account_id" uuid,
	"counterparty" text,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"return_code" text,
	"return_reason" text,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "transfers_key" UNIQUE("deal_id","key"),
	CONSTRAINT "transfers_positive" CHECK ("transfers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"vendor" text,
	"carrier" text,
	"quote_id" text,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"from_address" jsonb,
	"to_address" jsonb,
	"pickup_window" jsonb,
	"delivery_window" jsonb,
	"appointment" jsonb,
	"status" text DEFAULT 'booked' NOT NULL,
	"driver" text,
	"external_id" text,
	"handed_over_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"carrier" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"miles" integer NOT NULL,
	"pickup_window" jsonb NOT NULL,
	"delivery_window" jsonb NOT NULL,
	"from_address" jsonb NOT NULL,
	"to_address" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "title_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cancellation_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_link_tokens" ADD CONSTRAINT "bank_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_updates" ADD CONSTRAINT "shipment_updates_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_quote_id_transport_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."transport_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_quotes" ADD CONSTRAINT "transport_quotes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user" ON "bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_journal" ON "ledger_lines" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "transfers_transaction" ON "transfers" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "shipment_updates_shipment" ON "shipment_updates" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live" ON "shipments" USING btree ("deal_id") WHERE "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "transport_quotes_transaction" ON "transport_quotes" USING btree ("transaction_id");--> statement-breakpoint
-- The ledger is append-only, and every journal's lines sum to zero when its database transaction commits.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_journals_append_only" BEFORE UPDATE OR DELETE ON "ledger_journals" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_lines_append_only" BEFORE UPDATE OR DELETE ON "ledger_lines" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE FUNCTION "ledger_journal_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT sum("cents") FROM "ledger_lines" WHERE "journal_id" = NEW."journal_id") <> 0 THEN
    RAISE EXCEPTION 'ledger journal % does not balance', NEW."journal_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_lines_balance" AFTER INSERT ON "ledger_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_journal_balances"();
