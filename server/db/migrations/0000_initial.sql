CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cognito_sub" text NOT NULL,
	"email" text NOT NULL,
	"type" text DEFAULT 'customer' NOT NULL,
	"first_name" text,
	"last_name" text,
	"mobile" text,
	"cognito_identity_id" text,
	"is_additional_details_submitted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_cognito_sub_unique" UNIQUE("cognito_sub"),
	CONSTRAINT "users_type_check" CHECK ("users"."type" in ('admin', 'dealer', 'customer'))
);
