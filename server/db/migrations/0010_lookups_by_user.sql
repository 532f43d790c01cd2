CREATE INDEX "buyer_profiles_user_idx" ON "buyer_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deal_parties_user_idx" ON "deal_parties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "negotiations_seller_user_idx" ON "negotiations" USING btree ("seller_user_id");--> statement-breakpoint
CREATE INDEX "negotiations_buyer_user_idx" ON "negotiations" USING btree ("buyer_user_id");