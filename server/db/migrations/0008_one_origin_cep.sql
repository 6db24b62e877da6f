-- One "CEP de origem" (issue 24): the shop's, which quotes use. A CEP typed only in the site's settings moves to the shop.
INSERT INTO "shop_settings" ("id", "origin_postal_code", "shipping")
SELECT 1, "origin_postal_code", '{"table_rates":[],"pickup":{"enabled":false,"address":"","instructions":"","delivery_days":0},"free_shipping":{"enabled":false,"min_subtotal_cents":0},"correios":{"enabled":false,"environment":"production","user":"","access_code":"","posting_card":"","contract":"","dr":0,"services":[{"code":"04510","name":"PAC"},{"code":"04014","name":"SEDEX"},{"code":"04782","name":"SEDEX 12"},{"code":"04790","name":"SEDEX 10"},{"code":"04804","name":"SEDEX Hoje"}]}}'::jsonb
FROM "settings" WHERE "id" = 1 AND "origin_postal_code" ~ '^[0-9]{8}$'
ON CONFLICT ("id") DO UPDATE SET "origin_postal_code" = EXCLUDED."origin_postal_code" WHERE "shop_settings"."origin_postal_code" IS NULL;--> statement-breakpoint
ALTER TABLE "settings" DROP COLUMN "origin_postal_code";
