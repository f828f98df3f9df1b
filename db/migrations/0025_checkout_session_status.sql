-- Only an open checkout can be paid; a local checkout the board no longer takes expires instead
-- (lib/payments/checkout.ts), so these three are the states a session can be in.
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'expired'));
