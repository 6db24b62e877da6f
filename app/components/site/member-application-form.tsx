import { type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { stateOptions } from "../../../common/brazil/states.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { CHECK_FIELDS, type PlainRefusal } from "../../lib/form-answer.ts";
import { AppLink } from "../app-link.tsx";
import { CheckboxField } from "./form-fields.tsx";
import { memberApplicationChecks } from "./member-application-checks.ts";
import styles from "./member-application-form.module.css";
import { Alert, buttonClass, Stack, TextField, ui } from "./ui/ui.tsx";
import { useFormChecks } from "./use-form-checks.ts";

/** An active plan as the form offers it, its amount already in words ("R$ 30,00"). */
export type PlanChoice = { id: number; name: string; price: string; cycle: string; dueDay: number };

type Option = { value: string; label: ReactNode };

const kinds: Option[] = [
  { value: "pessoa", label: "Pessoa (CPF)" },
  { value: "organizacao", label: "Organização (CNPJ)" },
];

/** The radio buttons of one choice in a fieldset, its legend the question, its error after the options. */
function ChoiceGroup({
  legend,
  name,
  options,
  checked,
  error,
}: {
  legend: string;
  name: string;
  options: Option[];
  checked: string | undefined;
  error: string | undefined;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className={styles.choices}>
      <legend className={ui.label}>
        {legend}
        <span className={ui.required} aria-hidden>
          *
        </span>
      </legend>
      {options.map((option) => (
        <label key={option.value} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={option.value}
            defaultChecked={option.value === checked}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function StateField({ value, error }: { value: string | undefined; error: string | undefined }) {
  const id = useId();
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        Estado (UF)
        <span className={ui.required} aria-hidden>
          *
        </span>
      </label>
      <select
        id={id}
        name="address.uf"
        className={ui.input}
        defaultValue={value ?? ""}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {stateOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function planOption(plan: PlanChoice): Option {
  return {
    value: String(plan.id),
    label: (
      <>
        <span className={styles.planName}>{plan.name}</span>{" "}
        <span className={styles.planTerms}>
          {plan.price}, {plan.cycle}, com vencimento todo dia {plan.dueDay}
        </span>
      </>
    ),
  };
}

/**
 * The proposal's form: who she is, her address (the register's), the plan and her consent to the LGPD terms.
 * A plain form post, so it works without JavaScript; once the page runs, each field is checked as it is left
 * and the form is not sent while one is wrong. What a refusal gives back (`refusal`) fills the fields again.
 */
export function MemberApplicationForm({ plans, refusal }: { plans: PlanChoice[]; refusal: PlainRefusal | undefined }) {
  const navigation = useNavigation();
  const checks = useFormChecks(memberApplicationChecks, refusal?.errors);
  // A second press while the first is under way (a double click, a slow connection) is not sent again: it
  // would be refused as a CPF already proposed, in place of the first one's answer. Set at once, before React
  // draws the button busy.
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state === "idle") sent.current = false;
  }, [navigation.state]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sent.current) {
      event.preventDefault();
      return;
    }
    checks.form.onSubmit(event);
    if (!event.defaultPrevented) sent.current = true;
  };
  const typed = refusal?.values ?? {};
  const text = (name: string) => ({ name, defaultValue: typed[name], error: checks.errors[name] });
  // A single plan is the one she joins on; among several, she chooses.
  const plan = typed.plan_id ?? (plans.length === 1 ? String(plans[0]?.id) : undefined);
  return (
    <Form
      method="post"
      aria-label="Proposta de associação"
      className={styles.form}
      {...checks.form}
      onSubmit={onSubmit}
    >
      <Stack gap="lg">
        {refusal ? <Alert tone="danger">{refusal.message ?? CHECK_FIELDS}</Alert> : null}
        <p className={ui.small}>
          Já tem conta no site? <AppLink to={sitePaths.loginThenBack(sitePaths.join)}>Entre</AppLink> antes de enviar e
          use o e-mail da conta: a associação aparece em “Minha associação”.
        </p>
        <fieldset className={styles.section}>
          <legend className={styles.heading}>Quem se associa</legend>
          <ChoiceGroup
            legend="Você se associa como"
            name="kind"
            options={kinds}
            checked={typed.kind ?? "pessoa"}
            error={checks.errors.kind}
          />
          <TextField
            label="Nome completo ou razão social"
            autoComplete="name"
            maxLength={160}
            required
            {...text("name")}
          />
          <div className={`${ui.grid} ${ui.grid2}`}>
            <TextField
              label="CPF ou CNPJ"
              hint="CPF para pessoa, CNPJ para organização."
              inputMode="numeric"
              autoComplete="off"
              maxLength={30}
              required
              {...text("tax_id")}
            />
            <TextField label="Data de nascimento ou fundação (opcional)" type="date" {...text("born_on")} />
            <TextField label="E-mail" type="email" autoComplete="email" required {...text("email")} />
            <TextField
              label="Telefone com DDD"
              // The number without +55 (tel-national), which HTML allows on a text field only; the phone's
              // keypad comes from inputMode.
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={30}
              required
              {...text("phone")}
            />
          </div>
        </fieldset>
        <fieldset className={styles.section}>
          <legend className={styles.heading}>Endereço</legend>
          <div className={`${ui.grid} ${ui.grid2}`}>
            <TextField
              label="CEP"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="00000-000"
              maxLength={9}
              required
              {...text("address.postal_code")}
            />
            <StateField value={typed["address.uf"]} error={checks.errors["address.uf"]} />
            <TextField
              label="Cidade"
              autoComplete="address-level2"
              maxLength={120}
              required
              {...text("address.city")}
            />
            <TextField label="Bairro" maxLength={120} {...text("address.neighborhood")} />
            <TextField label="Rua" autoComplete="address-line1" maxLength={200} required {...text("address.street")} />
            <TextField label="Número" maxLength={20} required {...text("address.number")} />
            <TextField
              label="Complemento"
              autoComplete="address-line2"
              maxLength={120}
              {...text("address.complement")}
            />
          </div>
        </fieldset>
        <ChoiceGroup
          legend="Plano"
          name="plan_id"
          options={plans.map(planOption)}
          checked={plan}
          error={checks.errors.plan_id}
        />
        <CheckboxField
          label="Li e aceito o tratamento dos meus dados para a associação"
          description="A cooperativa usa estes dados só para o cadastro de associados, as mensalidades e o contato com você (LGPD)."
          name="consent"
          defaultChecked={typed.consent === "on"}
          required
          error={checks.errors.consent}
        />
        <button
          type="submit"
          className={`${buttonClass()} ${styles.send}`}
          disabled={navigation.state === "submitting"}
        >
          Enviar proposta
        </button>
      </Stack>
    </Form>
  );
}
