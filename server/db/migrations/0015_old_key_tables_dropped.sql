ALTER TABLE "offer_requests" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "partner_requests" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "offer_requests" CASCADE;--> statement-breakpoint
DROP TABLE "partner_requests" CASCADE;--> statement-breakpoint
ALTER TABLE "dealer_sales" DROP CONSTRAINT "dealer_sales_key";--> statement-breakpoint
DROP INDEX "provider_requests_due";--> statement-breakpoint
ALTER TABLE "negotiation_events" ALTER COLUMN "at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "provider_requests" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "provider_requests" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "provider_requests" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "dealer_sales" DROP COLUMN "idempotency_key";