-- The invoice chain's next link, drawn in one round trip (decision 0021). The advisory lock that
-- keeps serials gap-free is held until the paying transaction commits; taking it here, with the
-- read of the last invoice and the insert in the same call, keeps the client's round trips (and
-- its event loop's turns) out of the time every other paying buyer waits. A volatile function
-- reads with a new snapshot per statement, so the last invoice is read after the lock is held.
-- hash = base64(SHA-256(previous hash | number | p_hash_tail)); the caller passes the tail
-- (order id | issued at | total | vat | QR payload), computed exactly as before.
CREATE FUNCTION issue_invoice_in_chain(
  p_order_id uuid,
  p_issued_at timestamptz,
  p_seller_name text,
  p_seller_name_ar text,
  p_seller_vat_number text,
  p_total_halalas integer,
  p_vat_halalas integer,
  p_qr_payload text,
  p_hash_tail text
) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last_serial bigint;
  last_hash text;
  next_serial bigint;
  next_number text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('invoices-chain'));
  SELECT serial, hash INTO last_serial, last_hash FROM invoices ORDER BY serial DESC LIMIT 1;
  next_serial := coalesce(last_serial, 0) + 1;
  next_number := 'INV-' || CASE WHEN length(next_serial::text) >= 6 THEN next_serial::text
                                ELSE lpad(next_serial::text, 6, '0') END;
  INSERT INTO invoices (serial, number, order_id, issued_at, seller_name, seller_name_ar, seller_vat_number,
                        total_halalas, vat_halalas, qr_payload, previous_hash, hash)
  VALUES (next_serial, next_number, p_order_id, p_issued_at, p_seller_name, p_seller_name_ar, p_seller_vat_number,
          p_total_halalas, p_vat_halalas, p_qr_payload, last_hash,
          encode(sha256(convert_to(coalesce(last_hash, '') || '|' || next_number || '|' || p_hash_tail, 'UTF8')), 'base64'));
  RETURN next_number;
END;
$$;
