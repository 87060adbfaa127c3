-- GET /api/files/{name} finds the row a stored file belongs to (passenger ID cards, complaint audio) by equality.
CREATE INDEX "complaint_audios_file_name_idx" ON "complaint_audios" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "passengers_id_card_front_idx" ON "passengers" USING btree ("id_card_front");--> statement-breakpoint
CREATE INDEX "passengers_id_card_back_idx" ON "passengers" USING btree ("id_card_back");