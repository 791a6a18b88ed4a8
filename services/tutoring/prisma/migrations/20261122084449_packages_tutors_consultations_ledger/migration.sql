-- CreateTable
CREATE TABLE "user_sessions" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "subject" TEXT NOT NULL,
    "package_name" TEXT NOT NULL,
    "total_hours" DECIMAL(5,1) NOT NULL,
    "used_hours" DECIMAL(5,1) NOT NULL DEFAULT 0,
    "purchase_date" TIMESTAMPTZ(3) NOT NULL,
    "exam_date" DATE,
    "assigned_tutor" TEXT,
    "tutor_calendar_link" TEXT,
    "secondary_tutor" TEXT,
    "secondary_tutor_calendar_link" TEXT,
    "has_dual_tutors" BOOLEAN NOT NULL DEFAULT false,
    "payment_id" UUID,
    "primary_tutor_id" INTEGER,
    "secondary_tutor_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hours_ledger" (
    "id" SERIAL NOT NULL,
    "session_id" INTEGER NOT NULL,
    "delta" DECIMAL(5,1) NOT NULL,
    "used_hours_after" DECIMAL(5,1) NOT NULL,
    "reason" TEXT NOT NULL,
    "actor_user_id" INTEGER,
    "actor_role" TEXT NOT NULL,
    "actor_name" TEXT,
    "tutor_id" INTEGER,
    "session_date" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hours_ledger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tutors" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "specialty" TEXT NOT NULL,
    "qualifications" TEXT NOT NULL DEFAULT '',
    "photo_url" TEXT,
    "calendar_link" TEXT NOT NULL,
    "subjects" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "user_id" INTEGER,
    "seed_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tutors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consultations" (
    "id" SERIAL NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT NOT NULL,
    "subject_interest" TEXT NOT NULL,
    "additional_info" TEXT,
    "is_parent" BOOLEAN NOT NULL DEFAULT false,
    "is_free_trial" BOOLEAN NOT NULL DEFAULT false,
    "email_key" TEXT,
    "phone_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consultations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbound_emails" (
    "id" UUID NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbound_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "user_sessions_payment_id_key" ON "user_sessions"("payment_id");

-- CreateIndex
CREATE INDEX "user_sessions_user_id_purchase_date_idx" ON "user_sessions"("user_id", "purchase_date");

-- CreateIndex
CREATE INDEX "user_sessions_primary_tutor_id_idx" ON "user_sessions"("primary_tutor_id");

-- CreateIndex
CREATE INDEX "user_sessions_secondary_tutor_id_idx" ON "user_sessions"("secondary_tutor_id");

-- CreateIndex
CREATE INDEX "hours_ledger_session_id_created_at_idx" ON "hours_ledger"("session_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "tutors_user_id_key" ON "tutors"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "tutors_seed_key_key" ON "tutors"("seed_key");

-- CreateIndex
CREATE INDEX "consultations_email_key_idx" ON "consultations"("email_key");

-- CreateIndex
CREATE INDEX "consultations_phone_key_idx" ON "consultations"("phone_key");

-- CreateIndex
CREATE INDEX "outbound_emails_sent_at_failed_at_next_attempt_at_idx" ON "outbound_emails"("sent_at", "failed_at", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_primary_tutor_id_fkey" FOREIGN KEY ("primary_tutor_id") REFERENCES "tutors"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_secondary_tutor_id_fkey" FOREIGN KEY ("secondary_tutor_id") REFERENCES "tutors"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hours_ledger" ADD CONSTRAINT "hours_ledger_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "user_sessions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
