-- Credit notes, the seller's address, PDFs rendered once, and test documents (issue 35).
-- Invoices of orders paid through the sandbox gateway are numbered in a series of their own
-- (TEST-000001), so no test ever takes a number of the real sequence (INV-000001); each series
-- is its own gap-free hash chain under its own advisory lock. Existing invoices are all 'live'.
ALTER TABLE "invoices" ADD COLUMN "series" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_address" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_address_ar" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_series_check" CHECK ("invoices"."series" in ('live', 'test'));--> statement-breakpoint
DROP INDEX "invoices_serial_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_serial_idx" ON "invoices" USING btree ("series","serial");--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" text NOT NULL,
	"serial" bigint NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"refund_key" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller_name" text NOT NULL,
	"seller_name_ar" text NOT NULL,
	"seller_vat_number" text NOT NULL,
	"seller_address" text,
	"seller_address_ar" text,
	"amount_halalas" integer NOT NULL,
	"vat_halalas" integer NOT NULL,
	"reason" text NOT NULL,
	"qr_payload" text NOT NULL,
	"previous_hash" text,
	"hash" text NOT NULL,
	CONSTRAINT "credit_notes_series_check" CHECK ("credit_notes"."series" in ('live', 'test')),
	CONSTRAINT "credit_notes_amounts_check" CHECK ("credit_notes"."amount_halalas" > 0 and "credit_notes"."vat_halalas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_pdfs" (
	"document" text NOT NULL,
	"lang" text NOT NULL,
	"layout" integer NOT NULL,
	"pdf" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_pdfs_document_lang_layout_pk" PRIMARY KEY("document","lang","layout")
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_series_serial_idx" ON "credit_notes" USING btree ("series","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_key_idx" ON "credit_notes" USING btree ("refund_key");--> statement-breakpoint
CREATE INDEX "credit_notes_order_id_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
-- The invoice chain (migration 0008) now freezes the seller's address and picks the order's series.
DROP FUNCTION pay_order(uuid, text, jsonb, timestamptz, text, text, text, text, text, text, text, jsonb, text);--> statement-breakpoint
DROP FUNCTION issue_invoice_in_chain(uuid, timestamptz, text, text, text, integer, integer, text, text);--> statement-breakpoint
CREATE FUNCTION issue_invoice_in_chain(
  p_order_id uuid,
  p_issued_at timestamptz,
  p_seller_name text,
  p_seller_name_ar text,
  p_seller_vat_number text,
  p_total_halalas integer,
  p_vat_halalas integer,
  p_qr_payload text,
  p_hash_tail text,
  p_seller_address text,
  p_seller_address_ar text
) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  order_gateway text;
  chain_series text;
  last_serial bigint;
  last_hash text;
  next_serial bigint;
  next_number text;
BEGIN
  SELECT gateway INTO order_gateway FROM orders WHERE id = p_order_id;
  chain_series := CASE WHEN order_gateway = 'sandbox' THEN 'test' ELSE 'live' END;
  -- The live chain keeps the lock key of migration 0008: an instance still on the old code queues on the same lock.
  PERFORM pg_advisory_xact_lock(hashtext(CASE chain_series WHEN 'test' THEN 'invoices-chain-test' ELSE 'invoices-chain' END));
  SELECT serial, hash INTO last_serial, last_hash FROM invoices WHERE series = chain_series ORDER BY serial DESC LIMIT 1;
  next_serial := coalesce(last_serial, 0) + 1;
  next_number := CASE chain_series WHEN 'test' THEN 'TEST-' ELSE 'INV-' END
                 || CASE WHEN length(next_serial::text) >= 6 THEN next_serial::text ELSE lpad(next_serial::text, 6, '0') END;
  INSERT INTO invoices (series, serial, number, order_id, issued_at, seller_name, seller_name_ar, seller_vat_number,
                        seller_address, seller_address_ar, total_halalas, vat_halalas, qr_payload, previous_hash, hash)
  VALUES (chain_series, next_serial, next_number, p_order_id, p_issued_at, p_seller_name, p_seller_name_ar,
          p_seller_vat_number, p_seller_address, p_seller_address_ar, p_total_halalas, p_vat_halalas, p_qr_payload,
          last_hash,
          encode(sha256(convert_to(coalesce(last_hash, '') || '|' || next_number || '|' || p_hash_tail, 'UTF8')), 'base64'));
  RETURN next_number;
END;
$$;
--> statement-breakpoint
-- pay_order (migration 0009) as it was, passing the seller's address on to the invoice chain.
CREATE FUNCTION pay_order(
  p_order_id uuid,
  p_actor text,
  p_detail jsonb,
  p_paid_at timestamptz,
  p_webhook_gateway text,
  p_webhook_event_key text,
  p_seller_name text,
  p_seller_name_ar text,
  p_seller_vat_number text,
  p_qr_payload text,
  p_hash_tail text,
  p_emails jsonb,
  p_invoice_placeholder text,
  p_seller_address text,
  p_seller_address_ar text
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  current_order orders;
  paid_order orders;
  invoice_number text;
  email_count integer := 0;
BEGIN
  SELECT * INTO current_order FROM orders WHERE id = p_order_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'missing');
  END IF;
  IF p_webhook_event_key IS NOT NULL THEN
    INSERT INTO payment_webhook_events (gateway, event_key, order_id)
    VALUES (p_webhook_gateway, p_webhook_event_key, p_order_id)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'duplicate', 'order', to_jsonb(current_order));
    END IF;
  END IF;
  IF current_order.status NOT IN ('pending', 'awaiting_payment') THEN
    RETURN jsonb_build_object('outcome', 'unchanged', 'order', to_jsonb(current_order));
  END IF;
  UPDATE orders SET status = 'paid', updated_at = p_paid_at, paid_at = p_paid_at
  WHERE id = p_order_id RETURNING * INTO paid_order;
  INSERT INTO order_events (order_id, from_status, to_status, actor, detail)
  VALUES (p_order_id, current_order.status, 'paid', p_actor, p_detail);
  SELECT number INTO invoice_number FROM invoices WHERE order_id = p_order_id;
  IF invoice_number IS NULL THEN
    invoice_number := issue_invoice_in_chain(
      p_order_id, p_paid_at, p_seller_name, p_seller_name_ar, p_seller_vat_number,
      paid_order.total_amount_halalas, paid_order.vat_halalas, p_qr_payload, p_hash_tail,
      p_seller_address, p_seller_address_ar);
  END IF;
  INSERT INTO outbox (kind, "to", reply_to, subject, content, lang, dedupe_key)
  SELECT e.kind, e."to", e.reply_to, e.subject, e.content, e.lang, e.dedupe_key
  FROM jsonb_to_recordset(replace(p_emails::text, p_invoice_placeholder, invoice_number)::jsonb)
    AS e(kind text, "to" text, reply_to text, subject text, content jsonb, lang text, dedupe_key text)
  ON CONFLICT (dedupe_key) DO NOTHING;
  GET DIAGNOSTICS email_count = ROW_COUNT;
  RETURN jsonb_build_object('outcome', 'paid', 'emails', email_count, 'order', to_jsonb(paid_order));
END;
$$;
--> statement-breakpoint
-- The credit notes' chain (CN-000001, or TEST-CN-000001 for the sandbox's orders): the same rules as
-- the invoices' (a gap-free serial read under a transaction-scoped advisory lock, a hash chain),
-- and idempotent per refund: a refund key already noted answers its credit note, read after the
-- lock so two transactions issuing for one refund cannot both insert.
CREATE FUNCTION issue_credit_note_in_chain(
  p_order_id uuid,
  p_invoice_id uuid,
  p_refund_key text,
  p_issued_at timestamptz,
  p_seller_name text,
  p_seller_name_ar text,
  p_seller_vat_number text,
  p_seller_address text,
  p_seller_address_ar text,
  p_amount_halalas integer,
  p_vat_halalas integer,
  p_reason text,
  p_qr_payload text,
  p_hash_tail text
) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  order_gateway text;
  chain_series text;
  existing_number text;
  last_serial bigint;
  last_hash text;
  next_serial bigint;
  next_number text;
BEGIN
  SELECT gateway INTO order_gateway FROM orders WHERE id = p_order_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'issue_credit_note_in_chain: no order %', p_order_id;
  END IF;
  chain_series := CASE WHEN order_gateway = 'sandbox' THEN 'test' ELSE 'live' END;
  PERFORM pg_advisory_xact_lock(hashtext('credit-notes-chain-' || chain_series));
  SELECT number INTO existing_number FROM credit_notes WHERE refund_key = p_refund_key;
  IF existing_number IS NOT NULL THEN
    RETURN existing_number;
  END IF;
  SELECT serial, hash INTO last_serial, last_hash FROM credit_notes WHERE series = chain_series ORDER BY serial DESC LIMIT 1;
  next_serial := coalesce(last_serial, 0) + 1;
  next_number := CASE chain_series WHEN 'test' THEN 'TEST-CN-' ELSE 'CN-' END
                 || CASE WHEN length(next_serial::text) >= 6 THEN next_serial::text ELSE lpad(next_serial::text, 6, '0') END;
  INSERT INTO credit_notes (series, serial, number, order_id, invoice_id, refund_key, issued_at, seller_name,
                            seller_name_ar, seller_vat_number, seller_address, seller_address_ar, amount_halalas,
                            vat_halalas, reason, qr_payload, previous_hash, hash)
  VALUES (chain_series, next_serial, next_number, p_order_id, p_invoice_id, p_refund_key, p_issued_at, p_seller_name,
          p_seller_name_ar, p_seller_vat_number, p_seller_address, p_seller_address_ar, p_amount_halalas,
          p_vat_halalas, p_reason, p_qr_payload, last_hash,
          encode(sha256(convert_to(coalesce(last_hash, '') || '|' || next_number || '|' || p_hash_tail, 'UTF8')), 'base64'));
  RETURN next_number;
END;
$$;
