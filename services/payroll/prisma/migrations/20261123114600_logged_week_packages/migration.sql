-- CreateTable
CREATE TABLE "logged_week_packages" (
    "tutor_id" INTEGER NOT NULL,
    "week_starting" DATE NOT NULL,
    "session_id" INTEGER NOT NULL,
    "student_user_id" INTEGER NOT NULL,
    "subject" TEXT NOT NULL,
    "hours" DECIMAL(7,1) NOT NULL DEFAULT 0,

    CONSTRAINT "logged_week_packages_pkey" PRIMARY KEY ("tutor_id","week_starting","session_id")
);
