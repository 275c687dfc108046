-- Issue 35, "no money without an order" (decision 0044): money at a provider that no order is paid
-- by is kept as a payment alert (one per provider payment), given back where it is late, a duplicate
-- or mismatched, and listed in the admin's Inbox until resolved; orders left pending by an unanswered
-- provider call carry the time the reconciliation job last asked about them.
CREATE TABLE "payment_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"gateway" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"order_id" uuid,
	"amount_halalas" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_status" text NOT NULL,
	"action" text NOT NULL,
	"refund_method" text,
	"refund_halalas" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	CONSTRAINT "payment_alerts_kind_check" CHECK ("payment_alerts"."kind" in ('unmatched', 'late', 'duplicate', 'mismatch', 'other_payment')),
	CONSTRAINT "payment_alerts_action_check" CHECK ("payment_alerts"."action" in ('kept', 'refund_pending', 'refunded', 'refund_failed')),
	CONSTRAINT "payment_alerts_refund_method_check" CHECK ("payment_alerts"."refund_method" is null or "payment_alerts"."refund_method" in ('refund', 'void')),
	CONSTRAINT "payment_alerts_amounts_check" CHECK ("payment_alerts"."amount_halalas" >= 0 and "payment_alerts"."refund_halalas" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_alerts_payment_idx" ON "payment_alerts" USING btree ("gateway","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_alerts_idempotency_key_idx" ON "payment_alerts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_alerts_open_idx" ON "payment_alerts" USING btree ("created_at") WHERE "payment_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "payment_alerts_refund_pending_idx" ON "payment_alerts" USING btree ("updated_at") WHERE "payment_alerts"."action" = 'refund_pending';