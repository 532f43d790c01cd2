CREATE TABLE "live_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ALTER COLUMN "vin" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "negotiations" ADD COLUMN "code_owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedup_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "caramel_code" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_changes" ADD CONSTRAINT "live_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_changes_user" ON "live_changes" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "live_changes_at" ON "live_changes" USING btree ("at");--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_code_owner_user_id_users_id_fk" FOREIGN KEY ("code_owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_dedup_key_unique" UNIQUE("dedup_key");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_caramel_code_unique" UNIQUE("caramel_code");--> statement-breakpoint
-- Vehicles offered before buyers could describe one were all identified by VIN: confirmed when offered.
UPDATE "vehicles" SET "confirmed_at" = "created_at";
