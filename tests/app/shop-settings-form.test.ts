import { describe, expect, it } from "vitest";
import { parseForm } from "../../app/lib/form-parse.ts";
import { shopSettingsSchema } from "../../common/schemas/shop.ts";
import { fieldErrors } from "../../common/zod.ts";

const WHATSAPP_MESSAGE = "Informe o WhatsApp com DDD, como (81) 99999-8888";
const PERCENT_MESSAGE = "Informe de 0 a 50 %, em números inteiros";

/** The settings as a REST client sends them, with the payments' Pix discount and the WhatsApp given. */
const json = (fields: { whatsapp?: unknown; pix_discount_percent?: unknown }) => {
  const { whatsapp, pix_discount_percent } = fields;
  return shopSettingsSchema.safeParse({
    legal_name: "Cooperativa Sol",
    payments: { provider: "manual", manual: { instructions: "Na retirada." }, pix_discount_percent },
    ...("whatsapp" in fields ? { whatsapp } : {}),
  });
};

/** /conta/shop's form as the browser posts it: every field, empty ones as "". */
const posted = (fields: { whatsapp?: string; pix_discount_percent: string }) => {
  const form = new FormData();
  form.append("legal_name", "Cooperativa Sol");
  form.append("payments.provider", "manual");
  form.append("payments.manual.instructions", "Na retirada.");
  form.append("payments.pix_discount_percent", fields.pix_discount_percent);
  if (fields.whatsapp !== undefined) form.append("whatsapp", fields.whatsapp);
  return parseForm(form, shopSettingsSchema);
};

describe("the shop's WhatsApp in its settings", () => {
  it("is kept as wa.me's digits, cleared by empty or null, and left as stored when absent", () => {
    expect(json({ whatsapp: "(81) 99999-8888" }).data?.whatsapp).toBe("5581999998888");
    expect(json({ whatsapp: "5581999998888" }).data?.whatsapp).toBe("5581999998888");
    expect(json({ whatsapp: "" }).data?.whatsapp).toBeNull();
    expect(json({ whatsapp: "  " }).data?.whatsapp).toBeNull();
    expect(json({ whatsapp: null }).data?.whatsapp).toBeNull();
    const absent = json({});
    expect(absent.success).toBe(true);
    expect(absent.data && "whatsapp" in absent.data).toBe(false);
  });

  it("refuses a number without its DDD or from abroad, in Portuguese", () => {
    for (const whatsapp of ["99999-8888", "+1 415 555 0100", "whatsapp", 5581999998888, "x".repeat(200)]) {
      const result = json({ whatsapp });
      expect(result.error && fieldErrors(result.error).whatsapp, String(whatsapp)).toEqual([WHATSAPP_MESSAGE]);
    }
  });

  it("reads the form's field the same way, and an emptied field clears the number", () => {
    const typed = posted({ whatsapp: "(81) 99999-8888", pix_discount_percent: "0" });
    expect(typed.status === "success" && typed.value.whatsapp).toBe("5581999998888");
    const emptied = posted({ whatsapp: "", pix_discount_percent: "0" });
    expect(emptied.status).toBe("success");
    expect(emptied.status === "success" && emptied.value.whatsapp).toBeNull();
    expect(posted({ whatsapp: "9999", pix_discount_percent: "0" }).reply().error?.whatsapp).toEqual([WHATSAPP_MESSAGE]);
  });
});

describe("the discount for paying by Pix", () => {
  it("takes whole percent from 0 to 50, as a number or as typed", () => {
    for (const [given, kept] of [
      [0, 0],
      [5, 5],
      [50, 50],
      ["5", 5],
      ["5 %", 5],
      ["5%", 5],
      [" 12 ", 12],
      ["", 0],
      [undefined, 0],
    ] as const) {
      const result = json({ pix_discount_percent: given });
      expect(result.data?.payments?.pix_discount_percent, String(given)).toBe(kept);
    }
  });

  it("refuses what is not a whole percent up to 50, in Portuguese", () => {
    for (const given of [51, -1, 2.5, "2,5", "cinco", "100 %", true]) {
      const result = json({ pix_discount_percent: given });
      expect(result.error && fieldErrors(result.error)["payments.pix_discount_percent"], String(given)).toEqual([
        PERCENT_MESSAGE,
      ]);
    }
  });

  it('reads the form\'s field: empty is no discount, and "5 %" is 5', () => {
    const read = (typed: string) => {
      const result = posted({ pix_discount_percent: typed });
      return result.status === "success" ? result.value.payments?.pix_discount_percent : result.reply().error;
    };
    expect(read("")).toBe(0);
    expect(read("5 %")).toBe(5);
    expect(read("51")).toEqual({ "payments.pix_discount_percent": [PERCENT_MESSAGE] });
  });
});
