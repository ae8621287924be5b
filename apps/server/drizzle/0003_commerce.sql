CREATE TABLE "beta_applicants" (
	"email" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"programming_language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"free_credits" integer DEFAULT 0 NOT NULL,
	"credits_granted_at" timestamp with time zone,
	"feedback_queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beta_applicants_status_check" CHECK ("beta_applicants"."status" in ('pending', 'accepted')),
	CONSTRAINT "beta_applicants_accepted_by_check" CHECK ("beta_applicants"."accepted_by" is null or "beta_applicants"."accepted_by" in ('auto', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "form_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_messages_kind_check" CHECK ("form_messages"."kind" in ('contact', 'beta'))
);
--> statement-breakpoint
CREATE TABLE "limited_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"max" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"plan" text NOT NULL,
	"credits" integer,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"promo_code" text,
	"promo_email" text,
	"status" text DEFAULT 'created' NOT NULL,
	"granted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created', 'requires_action', 'processing', 'succeeded', 'failed')),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('stripe', 'test'))
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"code" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_redemptions_code_email_pk" PRIMARY KEY("code","email")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
-- Hand-written below. The two ceilings of spec section 9 (BETA50 for the first 100 e-mails; the first 100 beta
-- testers accepted without an operator); the numbers match BETA_PROMO_MAX_REDEMPTIONS and BETA_AUTO_ACCEPT_LIMIT.
INSERT INTO "limited_counters" ("name", "used", "max") VALUES ('promo:BETA50', 0, 100), ('beta:auto-accept', 0, 100);--> statement-breakpoint
-- An accepted beta tester who registers after acceptance gets the promised credits with the new account, whatever
-- code path inserts the user. The conditional UPDATE is the same one the acceptance job uses, so the credits
-- reach the account exactly once even when registration and acceptance race.
CREATE FUNCTION "duescan_claim_beta_credits"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  granted integer;
BEGIN
  UPDATE "beta_applicants" SET "credits_granted_at" = now()
   WHERE "email" = NEW."email" AND "status" = 'accepted' AND "credits_granted_at" IS NULL
   RETURNING "free_credits" INTO granted;
  IF FOUND THEN
    NEW."credits_remaining" := NEW."credits_remaining" + granted;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_claim_beta_credits" BEFORE INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "duescan_claim_beta_credits"();
