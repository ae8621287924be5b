CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_name" text NOT NULL,
	"package_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source_kind" text NOT NULL,
	"source_ref" text,
	"webhook_url" text,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"report_pdf_path" text,
	"report_json_path" text,
	"error_message" text,
	"score" real,
	CONSTRAINT "scans_status_check" CHECK ("scans"."status" in ('pending', 'processing', 'completed', 'failed')),
	CONSTRAINT "scans_package_type_check" CHECK ("scans"."package_type" in ('quick', 'pro', 'enterprise', 'ultra')),
	CONSTRAINT "scans_source_kind_check" CHECK ("scans"."source_kind" in ('url', 'path', 'upload', 'cli'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"password_hash" text NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"credits_remaining" integer NOT NULL,
	"api_token_hash" text NOT NULL,
	"api_token_ciphertext" text NOT NULL,
	"api_token_prefix" text NOT NULL,
	"api_token_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_plan_check" CHECK ("users"."plan" in ('free', 'pro', 'enterprise', 'ultra'))
);
--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scans_user_created_idx" ON "scans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_api_token_hash_unique" ON "users" USING btree ("api_token_hash");