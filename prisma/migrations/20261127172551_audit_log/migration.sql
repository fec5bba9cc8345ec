-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" UUID,
    "actorName" TEXT NOT NULL,
    "actorRole" "Role",
    "ip" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT,
    "targetLabel" TEXT NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEntry_at" ON "AuditEntry"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEntry_actor" ON "AuditEntry"("actorId", "at" DESC);

-- CreateIndex
CREATE INDEX "AuditEntry_action" ON "AuditEntry"("action", "at" DESC);

-- Append-only: an entry, once written, is neither changed nor removed, whatever the client (docs/decisions/067-audit-log.md).
CREATE FUNCTION "audit_entry_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "AuditEntry_append_only" BEFORE UPDATE OR DELETE ON "AuditEntry"
  FOR EACH ROW EXECUTE FUNCTION "audit_entry_is_append_only"();
