-- CreateTable
CREATE TABLE "erased_users" (
    "user_id" INTEGER NOT NULL,
    "erased_at" TIMESTAMPTZ(3) NOT NULL,
    "erased_by_user_id" INTEGER,
    "reason" TEXT,

    CONSTRAINT "erased_users_pkey" PRIMARY KEY ("user_id")
);
