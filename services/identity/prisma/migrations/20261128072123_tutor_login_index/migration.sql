-- CreateIndex
CREATE INDEX "tutor_directory_entries_user_id_idx" ON "tutor_directory_entries"("user_id");
