import { settingsSchema } from "../../../common/schemas/settings.ts";
import { setupSchema } from "../../../common/schemas/setup.ts";
import { settingsSecurityViewSchema, settingsViewSchema } from "../../../common/views/settings.ts";
import { areaOperations, input, type Operation, output } from "../../http/openapi/operation.ts";

input("SetupInput", setupSchema);
input("SettingsInput", settingsSchema);

const settingsView = output("Settings", settingsViewSchema);
const settingsOrNull = output(
  "SettingsOrNull",
  settingsView.nullable().meta({ description: "null until the first-time setup ran." }),
);

const settings = areaOperations({ tag: "settings", path: "/api/settings", access: "admin" });

export const settingsOperations: Operation[] = [
  settings.get({
    summary: "The site's settings (null before the first-time setup)",
    access: "public",
    success: { status: 200, description: "The settings or null", schema: settingsOrNull },
  }),
  settings.post({
    summary:
      "Save the settings; switching a feature on or off creates or deletes its menu. require_two_factor and audit_retention_days are a super user's: an administrator's different value is refused, an absent one keeps the stored value",
    body: settingsSchema,
    success: { status: 200, description: "The saved settings", schema: settingsView },
    refusals: [
      { status: 403, description: "An administrator changing require_two_factor or audit_retention_days" },
      { status: 409, description: "The site was not set up yet" },
    ],
  }),
  settings.get({
    path: "/security",
    summary: "The security settings: whether administrators sign in with a second step, how long the audit log keeps",
    success: {
      status: 200,
      description: "The security settings (defaults before the setup)",
      schema: output("SettingsSecurity", settingsSecurityViewSchema),
    },
  }),
  settings.post({
    path: "/setup",
    summary: "First-time setup: creates the settings and the first (super) user",
    access: "public",
    body: setupSchema,
    success: { status: 201, description: "The new settings", schema: settingsView },
    refusals: [{ status: 409, description: "The site is already set up" }],
  }),
];
