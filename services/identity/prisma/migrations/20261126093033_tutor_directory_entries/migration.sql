-- CreateTable
CREATE TABLE "tutor_directory_entries" (
    "tutor_id" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL,
    "user_id" INTEGER,
    "version" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tutor_directory_entries_pkey" PRIMARY KEY ("tutor_id")
);
