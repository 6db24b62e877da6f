import { defineArea } from "../../kernel/area.ts";
import { SECRETS_USES } from "./context.ts";
import { createSecretsService } from "./secrets-service.ts";

export const secretsArea = defineArea({
  uses: SECRETS_USES,
  service: (context) => createSecretsService(context),
});
