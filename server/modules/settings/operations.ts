import { settingsSchema } from "../../../common/schemas/settings.ts";
import { setupSchema } from "../../../common/schemas/setup.ts";
import { settingsViewSchema } from "../../../common/views/settings.ts";
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
    summary: "Save the settings; switching a feature on or off creates or deletes its menu",
    body: settingsSchema,
    success: { status: 200, description: "The saved settings", schema: settingsView },
    refusals: [{ status: 409, description: "The site was not set up yet" }],
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
