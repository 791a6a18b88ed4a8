-- CreateTable
CREATE TABLE "payslips" (
    "id" SERIAL NOT NULL,
    "tutor_id" INTEGER NOT NULL,
    "tutor_user_id" INTEGER NOT NULL,
    "tutor_name" TEXT NOT NULL,
    "tutor_email" TEXT,
    "week_starting" DATE NOT NULL,
    "hours_worked" DECIMAL(4,1) NOT NULL DEFAULT 0,
    "student_notes" TEXT,
    "additional_notes" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payslips_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payslip_status_changes" (
    "id" SERIAL NOT NULL,
    "payslip_id" INTEGER NOT NULL,
    "from_status" TEXT,
    "to_status" TEXT NOT NULL,
    "changed_by_user_id" INTEGER NOT NULL,
    "changed_by_role" TEXT NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payslip_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tutor_accounts" (
    "user_id" INTEGER NOT NULL,
    "tutor_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,

    CONSTRAINT "tutor_accounts_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "logged_weeks" (
    "tutor_id" INTEGER NOT NULL,
    "week_starting" DATE NOT NULL,
    "hours" DECIMAL(7,1) NOT NULL DEFAULT 0,

    CONSTRAINT "logged_weeks_pkey" PRIMARY KEY ("tutor_id","week_starting")
);

-- CreateIndex
CREATE INDEX "payslips_tutor_user_id_week_starting_idx" ON "payslips"("tutor_user_id", "week_starting");

-- CreateIndex
CREATE INDEX "payslips_status_updated_at_idx" ON "payslips"("status", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "payslips_tutor_id_week_starting_key" ON "payslips"("tutor_id", "week_starting");

-- CreateIndex
CREATE INDEX "payslip_status_changes_payslip_id_changed_at_idx" ON "payslip_status_changes"("payslip_id", "changed_at");

-- CreateIndex
CREATE UNIQUE INDEX "tutor_accounts_tutor_id_key" ON "tutor_accounts"("tutor_id");

-- AddForeignKey
ALTER TABLE "payslip_status_changes" ADD CONSTRAINT "payslip_status_changes_payslip_id_fkey" FOREIGN KEY ("payslip_id") REFERENCES "payslips"("id") ON DELETE CASCADE ON UPDATE CASCADE;
