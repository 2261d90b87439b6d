ALTER TABLE "transactions" ADD COLUMN "own_json" text;--> statement-breakpoint
-- own_json is never stale: an update that does not write own_json itself (a refresh writes
-- it, and only it, where it is NULL) clears it, whether its values differ or not, and so does
-- any change to the row's transitions. The orders list builds a cleared value in its statement
-- (transactions.page.ts).
CREATE FUNCTION "transactions_own_json_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.own_json IS NOT DISTINCT FROM OLD.own_json THEN
    NEW.own_json := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "transactions_own_json_clear" BEFORE UPDATE ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "transactions_own_json_clear"();
--> statement-breakpoint
CREATE FUNCTION "transaction_transitions_own_json_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transactions" SET own_json = NULL
    WHERE id IN (NEW.transaction_id, OLD.transaction_id) AND own_json IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "transaction_transitions_own_json_clear" AFTER INSERT OR UPDATE OR DELETE ON "transaction_transitions"
  FOR EACH ROW EXECUTE FUNCTION "transaction_transitions_own_json_clear"();
