-- CreateTable
CREATE TABLE "student_consents" (
    "user_id" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "student_consents_pkey" PRIMARY KEY ("user_id")
);
