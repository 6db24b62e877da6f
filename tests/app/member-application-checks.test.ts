import { describe, expect, it } from "vitest";
import { CONSENT_MISSING, memberApplicationChecks } from "../../app/components/site/member-application-checks.ts";
import { parseForm } from "../../app/lib/form-parse.ts";
import { type FormValues, problemsOf } from "../../common/form-checks.ts";
import { memberApplicationSchema, CONSENT_MISSING as SCHEMA_CONSENT_MISSING } from "../../common/schemas/members.ts";

/*
 * "Associe-se"'s checks in the browser say what memberApplicationSchema says, field by field, for the form
 * as the browser posts it. Whether the CEP exists and is of the state chosen, and the city is one of the
 * state's, is the server's alone: the cases keep them right.
 */

/** A proposal that passes: a person in Recife on plan 1, consent given. */
const valid: FormValues = {
  kind: "pessoa",
  name: "Ana Lima",
  tax_id: "529.982.247-25",
  email: "ana@example.com",
  phone: "(81) 99999-8888",
  born_on: "",
  "address.postal_code": "50010-000",
  "address.uf": "PE",
  "address.city": "Recife",
  "address.street": "Rua do Sol",
  "address.number": "20",
  "address.neighborhood": "",
  "address.complement": "",
  plan_id: "1",
  consent: "on",
};

/** The schema's first message per field the browser checks, for the form as posted (an absent field not sent). */
function schemaProblems(values: FormValues): Record<string, string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const errors = parseForm(form, memberApplicationSchema).reply().error ?? {};
  const problems: Record<string, string> = {};
  for (const [name, texts] of Object.entries(errors)) {
    const first = texts?.[0];
    if (name in memberApplicationChecks && first) problems[name] = first;
  }
  return problems;
}

const without = (name: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== name));

const changes: [string, string][] = [
  ["kind", "organizacao"],
  ["kind", "empresa"],
  ["kind", ""],
  ["name", ""],
  ["name", "   "],
  ["name", "x".repeat(160)],
  ["name", "x".repeat(161)],
  ["tax_id", ""],
  ["tax_id", "123"],
  ["tax_id", "529.982.247-26"],
  ["tax_id", "11.222.333/0001-81"],
  ["tax_id", "5".repeat(31)],
  ["email", ""],
  ["email", "ana@example"],
  ["email", " Ana@Example.COM "],
  ["phone", ""],
  ["phone", "9999-8888"],
  ["phone", "(11) 9876-5432"],
  ["phone", "(11) 3876-5432"],
  ["phone", "1".repeat(31)],
  ["address.postal_code", ""],
  ["address.uf", ""],
  ["address.uf", "pe"],
  ["address.city", ""],
  ["address.street", ""],
  ["address.street", "x".repeat(201)],
  ["address.number", ""],
  ["address.number", "1".repeat(21)],
  ["address.neighborhood", "x".repeat(121)],
  ["address.complement", "x".repeat(121)],
  ["plan_id", ""],
  ["plan_id", "0"],
  ["plan_id", "plano"],
  ["plan_id", "12"],
];

describe("the browser checks of 'Associe-se' say what the shared schema says", () => {
  it("passes the valid proposal, as the schema does", () => {
    expect(problemsOf(memberApplicationChecks, valid)).toEqual({});
    expect(schemaProblems(valid)).toEqual({});
  });

  it.each(changes.map(([name, value]) => [`${name} = ${JSON.stringify(value).slice(0, 40)}`, name, value]))(
    "%s",
    (_, name, value) => {
      const values = { ...valid, [name]: value };
      expect(problemsOf(memberApplicationChecks, values)).toEqual(schemaProblems(values));
    },
  );

  it("a CNPJ for an organisation, a CPF for a person", () => {
    const organisation = { ...valid, kind: "organizacao", tax_id: "11.222.333/0001-81" };
    expect(problemsOf(memberApplicationChecks, organisation)).toEqual({});
    expect(schemaProblems(organisation)).toEqual({});
  });

  it("without the consent ticked, or an empty form", () => {
    expect(CONSENT_MISSING).toBe(SCHEMA_CONSENT_MISSING);
    const unticked = without("consent");
    expect(problemsOf(memberApplicationChecks, unticked)).toEqual({ consent: CONSENT_MISSING });
    expect(schemaProblems(unticked)).toEqual({ consent: CONSENT_MISSING });
    const empty = Object.fromEntries(Object.keys(without("consent")).map((name) => [name, ""]));
    expect(problemsOf(memberApplicationChecks, empty)).toEqual(schemaProblems(empty));
  });
});
