-- CreateTable
CREATE TABLE "testimonials" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "rating" INTEGER NOT NULL DEFAULT 5,
    "email" TEXT NOT NULL,
    "is_approved" BOOLEAN NOT NULL DEFAULT false,
    "approved_at" TIMESTAMPTZ(3),
    "approved_by" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "testimonials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "known_users" (
    "user_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,

    CONSTRAINT "known_users_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "paid_users" (
    "user_id" INTEGER NOT NULL,
    "first_paid_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "paid_users_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "testimonials_is_approved_created_at_idx" ON "testimonials"("is_approved", "created_at");

-- CreateIndex
CREATE INDEX "testimonials_email_idx" ON "testimonials"("email");

-- CreateIndex
CREATE UNIQUE INDEX "known_users_email_key" ON "known_users"("email");
