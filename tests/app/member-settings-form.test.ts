import { describe, expect, it } from "vitest";
import {
  memberSettingsFormSchema,
  memberSettingsFormValues,
} from "../../app/components/conta/member-settings-form.tsx";
import { parseForm } from "../../app/lib/form-parse.ts";
import { DEFAULT_MEMBER_SETTINGS } from "../../common/schemas/members.ts";
import type { MemberSettingsView } from "../../common/views/members.ts";

/** The settings as GET /api/members/settings answers them before the first save. */
const DEFAULT_VIEW: MemberSettingsView = {
  organization_cnpj: DEFAULT_MEMBER_SETTINGS.organization_cnpj,
  reminders: DEFAULT_MEMBER_SETTINGS.reminders,
  payments: {
    provider: "shop_pix",
    asaas: {
      api_key: "",
      api_key_set: false,
      webhook_token: "",
      webhook_token_set: false,
      environment: "sandbox",
      billing: "pix",
    },
    webhook_url: null,
  },
};

/** The reminders' form as the browser posts it: each box's "off" (and "on" when ticked), each kind's days as typed. */
function posted(fields: { before: string; after: string; ticked?: ("before" | "on_day" | "after")[] }) {
  const ticked = fields.ticked ?? ["before", "on_day", "after"];
  const form = new FormData();
  for (const kind of ["before", "on_day", "after"] as const) {
    form.append(`reminders.${kind}.enabled`, "off");
    if (ticked.includes(kind)) form.append(`reminders.${kind}.enabled`, "on");
  }
  form.append("reminders.before.days", fields.before);
  form.append("reminders.after.days", fields.after);
  return parseForm(form, memberSettingsFormSchema);
}

describe("the reminders' settings form", () => {
  it("reads the days typed with commas or spaces into the lists the service saves", () => {
    const saved = posted({ before: "1, 5", after: "3 10;30", ticked: ["before", "after"] });
    expect(saved.status === "success" && saved.value).toEqual({
      organization_cnpj: "",
      reminders: {
        before: { enabled: true, days: [5, 1] },
        on_day: { enabled: false },
        after: { enabled: true, days: [30, 10, 3] },
      },
    });
    const none = posted({ before: "", after: " ", ticked: [] });
    expect(none.status === "success" && none.value.reminders.before).toEqual({ enabled: false, days: [] });
    expect(none.status === "success" && none.value.reminders.after.days).toEqual([]);
  });

  it("refuses days out of range, and more than three, beside each kind's field", () => {
    const refused = posted({ before: "5, 20", after: "3, 10, 30, 45" });
    expect(refused.status).toBe("error");
    expect(refused.reply().error).toEqual({
      "reminders.before.days[1]": ["Informe dias de 1 a 15 antes do vencimento"],
      "reminders.after.days": ["No máximo 3 lembretes"],
    });
    expect(posted({ before: "5", after: "cinco" }).reply().error).toEqual({
      "reminders.after.days[0]": ["Informe dias de 1 a 60 depois do vencimento"],
    });
  });

  it("shows the stored days in the order they come around the due day, and the CNPJ with its punctuation", () => {
    expect(memberSettingsFormValues(DEFAULT_VIEW)).toEqual({
      organization_cnpj: "",
      reminders: {
        before: { enabled: true, days: "5, 1" },
        on_day: { enabled: true },
        after: { enabled: true, days: "3, 10" },
      },
      payments: {
        provider: "shop_pix",
        asaas: { api_key: "", webhook_token: "", environment: "sandbox", billing: "pix" },
      },
    });
    const withCnpj = { ...DEFAULT_VIEW, organization_cnpj: "11222333000181" };
    expect(memberSettingsFormValues(withCnpj).organization_cnpj).toBe("11.222.333/0001-81");
  });

  it("posts how dues are paid, Asaas's secrets as typed (empty keeps the saved ones) and its token's rule", () => {
    const form = new FormData();
    for (const kind of ["before", "on_day", "after"] as const) form.append(`reminders.${kind}.enabled`, "off");
    form.append("reminders.before.days", "");
    form.append("reminders.after.days", "");
    form.append("payments.provider", "asaas");
    form.append("payments.asaas.api_key", "");
    form.append("payments.asaas.webhook_token", "curto demais");
    form.append("payments.asaas.environment", "production");
    form.append("payments.asaas.billing", "undefined");
    const refused = parseForm(form, memberSettingsFormSchema);
    expect(refused.reply().error).toEqual({
      "payments.asaas.webhook_token": ["Use de 32 a 255 caracteres, sem espaços"],
    });
    form.set("payments.asaas.webhook_token", "t".repeat(40));
    const saved = parseForm(form, memberSettingsFormSchema);
    expect(saved.status === "success" && saved.value.payments).toEqual({
      provider: "asaas",
      asaas: { api_key: "", webhook_token: "t".repeat(40), environment: "production", billing: "undefined" },
    });
  });
});
