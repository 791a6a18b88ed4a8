-- CreateTable
CREATE TABLE "tutor_statuses" (
    "tutor_id" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL,
    "version" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tutor_statuses_pkey" PRIMARY KEY ("tutor_id")
);
