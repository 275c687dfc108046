-- Paying an order in one round trip (decision 0026): the row lock, the webhook's dedupe row, the
-- move to paid with its history row, the invoice (issue_invoice_in_chain, migration 0008) and the
-- two e-mails, all in one call, so that the paying transaction holds the order's lock and the
-- invoice chain's advisory lock only while the server works, never across the client's round
-- trips. The caller renders the e-mails' content before the call, with p_invoice_placeholder where
-- the invoice number goes (only the lock knows it). Answers { outcome, emails, order }: outcome is
-- 'paid', 'unchanged' (the order was no longer open), 'duplicate' (the webhook event was already
-- recorded; nothing changed) or 'missing'; order is the row as it now is.
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
  p_invoice_placeholder text
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
      paid_order.total_amount_halalas, paid_order.vat_halalas, p_qr_payload, p_hash_tail);
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
