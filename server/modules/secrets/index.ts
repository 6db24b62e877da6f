import { defineArea } from "../../kernel/area.ts";
import { createSecretsService } from "./secrets-service.ts";

export const secretsArea = defineArea({
  service: (context) => createSecretsService(context),
});
