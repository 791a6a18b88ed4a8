-- CreateTable
CREATE TABLE "student_names" (
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "student_names_pkey" PRIMARY KEY ("user_id")
);
