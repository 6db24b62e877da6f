import { type MouseEvent, useId, useState } from "react";
import { stateOptions } from "../../../common/brazil/states.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import styles from "./checkout-address.module.css";
import { buttonClass, TextField, ui } from "./ui/ui.tsx";
import { useChangedBeforeHydration } from "./use-changed-before-hydration.ts";

export type AddressValues = {
  postal_code: string;
  uf: string;
  city: string;
  street: string;
  number: string;
  neighborhood: string;
  complement: string;
};

/** The answer of GET /api/shop/address/{cep} (common/views/address-lookup.ts), read without zod. */
type LookupAnswer =
  | { available: true; address: Omit<AddressValues, "number">; cities: string[] }
  | { available: false; uf: string | null; cities: string[] };

/** What the form says after a lookup (the server says the same after "Buscar" without JavaScript). */
export const LOOKUP_FOUND = "Endereço encontrado. Confira e informe o número.";
export const LOOKUP_UNAVAILABLE =
  "Não foi possível consultar o CEP agora. Preencha o endereço escolhendo o estado e a cidade.";

function SelectField({
  label,
  name,
  value,
  options,
  error,
  disabled,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
        <span className={ui.required} aria-hidden>
          *
        </span>
      </label>
      <select
        id={id}
        name={name}
        className={ui.input}
        value={value}
        required
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {options.map((option) => (
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

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    return { status: response.status, body: await response.json() };
  } catch {
    return { status: 0, body: null };
  }
}

const messageOf = (body: unknown) =>
  typeof body === "object" && body !== null && "message" in body && typeof body.message === "string"
    ? body.message
    : null;

/**
 * The delivery address. Without JavaScript, "Buscar" sends the form and the server answers it with
 * the address filled, and "Carregar cidades" with the chosen state's cities. With JavaScript, "Buscar"
 * asks GET /api/shop/address/{cep} and fills the fields at once (then `onQuote` asks for the shipping
 * options of the new CEP), and choosing a state loads its cities.
 */
export function CheckoutAddress({
  values,
  cities: initialCities,
  notice: initialNotice,
  errors,
  onQuote,
}: {
  values: AddressValues;
  cities: string[];
  notice: string | null;
  errors: Record<string, string[]>;
  /** Asks the server for the shipping options of the form's data (intent "quote"). */
  onQuote(data: FormData): void;
}) {
  const hydrated = useHydrated();
  const [address, setAddress] = useState(values);
  const [cities, setCities] = useState(initialCities);
  const [notice, setNotice] = useState(initialNotice);
  const [cepError, setCepError] = useState(errors.postal_code?.[0]);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof AddressValues) => (value: string) =>
    setAddress((current) => ({ ...current, [field]: value }));

  async function loadCities(uf: string) {
    if (uf === "") {
      setCities([]);
      return;
    }
    const { status, body } = await getJson(`/api/shop/states/${encodeURIComponent(uf)}/cities`);
    const list = status === 200 && typeof body === "object" && body !== null && "cities" in body ? body.cities : null;
    if (Array.isArray(list)) setCities(list.filter((city): city is string => typeof city === "string"));
  }

  async function chooseState(uf: string) {
    setAddress((current) => ({ ...current, uf, city: "" }));
    await loadCities(uf);
  }

  // The fields are React's from here on, and React writes its own values into them: what was typed or
  // chosen before the page came to life becomes those values first, and a state chosen then gets its cities.
  const fields = useChangedBeforeHydration<HTMLDivElement>((_, root) => {
    const typed = { ...address };
    for (const field of Object.keys(typed) as (keyof AddressValues)[]) {
      const control = root.querySelector(`[name="${field}"]`);
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) typed[field] = control.value;
    }
    setAddress(typed);
    if (typed.uf !== address.uf) void loadCities(typed.uf);
  });

  async function lookUp(event: MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    const cep = address.postal_code.trim();
    setBusy(true);
    const { status, body } = await getJson(`/api/shop/address/${encodeURIComponent(cep)}`);
    setBusy(false);
    if (status !== 200) {
      setNotice(null);
      setCepError(messageOf(body) ?? LOOKUP_UNAVAILABLE);
      return;
    }
    setCepError(undefined);
    const answer = body as LookupAnswer;
    const filled = answer.available
      ? {
          ...address,
          postal_code: answer.address.postal_code,
          uf: answer.address.uf,
          city: answer.address.city,
          street: answer.address.street || address.street,
          neighborhood: answer.address.neighborhood || address.neighborhood,
        }
      : { ...address, uf: answer.uf ?? address.uf, city: "" };
    setAddress(filled);
    setCities(answer.cities);
    setNotice(answer.available ? LOOKUP_FOUND : LOOKUP_UNAVAILABLE);
    // The shipping options belong to the CEP: the server quotes them for the new one.
    const data = new FormData(form);
    for (const [field, value] of Object.entries(filled)) data.set(field, value);
    data.set("intent", "quote");
    onQuote(data);
  }

  const fieldError = (field: string) => errors[field]?.[0];
  const cityOptions = [
    { value: "", label: address.uf ? "Selecione a cidade" : "Selecione o estado primeiro" },
    ...cities.map((city) => ({ value: city, label: city })),
  ];
  return (
    <div ref={fields} className={styles.address}>
      <div className={styles.cepRow}>
        <TextField
          label="CEP"
          name="postal_code"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={9}
          value={address.postal_code}
          onChange={(event) => set("postal_code")(event.currentTarget.value)}
          error={cepError}
          required
        />
        <button
          type="submit"
          name="intent"
          value="cep"
          formNoValidate
          className={buttonClass("outline")}
          onClick={hydrated ? lookUp : undefined}
          disabled={busy}
        >
          Buscar
        </button>
      </div>
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      <div className={styles.row}>
        <SelectField
          label="Estado"
          name="uf"
          value={address.uf}
          options={stateOptions}
          error={fieldError("uf")}
          onChange={hydrated ? chooseState : set("uf")}
        />
        {hydrated ? null : (
          <button type="submit" name="intent" value="cities" formNoValidate className={buttonClass("outline", "sm")}>
            Carregar cidades
          </button>
        )}
      </div>
      <SelectField
        label="Cidade"
        name="city"
        value={cities.includes(address.city) ? address.city : ""}
        options={cityOptions}
        error={fieldError("city")}
        onChange={set("city")}
      />
      <TextField
        label="Rua"
        name="street"
        autoComplete="address-line1"
        maxLength={200}
        value={address.street}
        onChange={(event) => set("street")(event.currentTarget.value)}
        error={fieldError("street")}
        required
      />
      <div className={styles.row}>
        <TextField
          label="Número"
          name="number"
          maxLength={20}
          value={address.number}
          onChange={(event) => set("number")(event.currentTarget.value)}
          error={fieldError("number")}
          required
        />
        <TextField
          label="Complemento"
          name="complement"
          autoComplete="address-line2"
          maxLength={120}
          value={address.complement}
          onChange={(event) => set("complement")(event.currentTarget.value)}
          error={fieldError("complement")}
        />
      </div>
      <TextField
        label="Bairro"
        name="neighborhood"
        maxLength={120}
        value={address.neighborhood}
        onChange={(event) => set("neighborhood")(event.currentTarget.value)}
        error={fieldError("neighborhood")}
      />
    </div>
  );
}
