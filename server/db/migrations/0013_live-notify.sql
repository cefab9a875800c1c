-- Live delivery across API processes (server/chat/stream.ts): a new chat message or mailbox
-- item notifies channel `clipdeck_live` when its transaction commits, so every process
-- LISTENing on PostgreSQL wakes its open streams at once instead of waiting for its next poll.
-- One notification per statement (PostgreSQL also folds repeats within a transaction).
CREATE OR REPLACE FUNCTION clipdeck_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('clipdeck_live', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_live_notify AFTER INSERT ON chat_messages
  FOR EACH STATEMENT EXECUTE FUNCTION clipdeck_live_notify();
--> statement-breakpoint
CREATE TRIGGER mailbox_items_live_notify AFTER INSERT ON mailbox_items
  FOR EACH STATEMENT EXECUTE FUNCTION clipdeck_live_notify();
