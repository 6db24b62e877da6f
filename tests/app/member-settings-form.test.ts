import { describe, expect, it } from "vitest";
import {
  memberSettingsFormSchema,
  memberSettingsFormValues,
} from "../../app/components/conta/member-settings-form.tsx";
import { parseForm } from "../../app/lib/form-parse.ts";
import { DEFAULT_MEMBER_SETTINGS } from "../../common/schemas/members.ts";

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
    expect(memberSettingsFormValues(DEFAULT_MEMBER_SETTINGS)).toEqual({
      organization_cnpj: "",
      reminders: {
        before: { enabled: true, days: "5, 1" },
        on_day: { enabled: true },
        after: { enabled: true, days: "3, 10" },
      },
    });
    const withCnpj = { ...DEFAULT_MEMBER_SETTINGS, organization_cnpj: "11222333000181" };
    expect(memberSettingsFormValues(withCnpj).organization_cnpj).toBe("11.222.333/0001-81");
  });
});
