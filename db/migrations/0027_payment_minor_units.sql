-- Payments move from numeric major units (49.50) to integer minor units (4950), like plans. The
-- decimals per currency are currencyDigits' (lib/core/money.ts, Intl's ISO 4217 data), the ones the
-- rows were written with; rows in three-decimal currencies already lost their third digit to
-- numeric(14,2), so they convert to what was kept. A refund's `metadata.amount_refunded` moves too.
CREATE FUNCTION "payment_minor_units"("amount" numeric, "currency" text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT round("amount" * 10 ^ CASE
    WHEN upper("currency") IN ('AFN', 'ALL', 'BIF', 'CLP', 'COP', 'DJF', 'GNF', 'HUF', 'IDR', 'IQD',
      'IRR', 'ISK', 'JPY', 'KMF', 'KPW', 'KRW', 'LAK', 'LBP', 'MGA', 'MMK', 'PKR', 'PYG', 'RWF',
      'SLL', 'SOS', 'SYP', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF', 'YER') THEN 0
    WHEN upper("currency") IN ('BHD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 3
    ELSE 2
  END)::integer
$$;
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE integer USING payment_minor_units("amount", "currency");
--> statement-breakpoint
UPDATE "payments"
SET "metadata" = jsonb_set(
  "metadata",
  '{amount_refunded}',
  to_jsonb(payment_minor_units(("metadata"->>'amount_refunded')::numeric, "currency"))
)
WHERE jsonb_typeof("metadata"->'amount_refunded') = 'number';
--> statement-breakpoint
DROP FUNCTION "payment_minor_units"(numeric, text);
