ALTER TABLE "mail_outbox" ADD COLUMN "secrets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Sign-in mails queued before secrets were kept name their code at the end of the subject.
UPDATE "mail_outbox" SET "secrets" = jsonb_build_array(substring("subject" from ': ([0-9]{6})$'))
WHERE "kind" = 'member_sign_in' AND "subject" ~ ': [0-9]{6}$';
