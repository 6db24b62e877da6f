import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatCep } from "../../../common/brazil/cep.ts";
import { formatPhone } from "../../../common/brazil/phone.ts";
import { stateOptions } from "../../../common/brazil/states.ts";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { formatBRL } from "../../../common/money.ts";
import { type MemberKind, memberKindLabels, memberKinds, memberSchema } from "../../../common/schemas/members.ts";
import type { MemberView, PlanView } from "../../../common/views/members.ts";
import { answerFor } from "../../lib/form-answer.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { type Option, SelectField, TextareaField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { MEMBERS_LIST } from "./member-paths.ts";

/** The edit screen's intent for the register's fields (its other forms have theirs). */
export const SAVE_MEMBER_INTENT = "save";

/** A member as the form shows her: every field as typed, the CPF/CNPJ, phone and CEP with their punctuation. */
export type MemberFormValues = {
  kind: MemberKind;
  name: string;
  tax_id: string;
  email: string;
  phone: string;
  address: {
    postal_code: string;
    uf: string;
    city: string;
    street: string;
    number: string;
    neighborhood: string;
    complement: string;
  };
  born_on: string;
  admitted_on: string;
  plan_id: string;
  notes: string;
};

export const emptyMember: MemberFormValues = {
  kind: "pessoa",
  name: "",
  tax_id: "",
  email: "",
  phone: "",
  address: { postal_code: "", uf: "", city: "", street: "", number: "", neighborhood: "", complement: "" },
  born_on: "",
  admitted_on: "",
  plan_id: "",
  notes: "",
};

/** A CEP stored before its checks existed may not be 8 digits: shown as it is rather than failing the page. */
const cepText = (digits: string) => (/^\d{8}$/.test(digits) ? formatCep(digits) : digits);

export function memberFormValues(member: MemberView): MemberFormValues {
  return {
    kind: member.kind,
    name: member.name,
    tax_id: formatTaxId(member.tax_id),
    email: member.email,
    phone: formatPhone(member.phone),
    address: { ...member.address, postal_code: cepText(member.address.postal_code) },
    born_on: member.born_on ?? "",
    admitted_on: member.admitted_on ?? "",
    plan_id: String(member.plan.id),
    notes: member.notes,
  };
}

/** "Básico: R$ 30,00, mensal"; a plan switched off says so, as a member may still be on it. */
export const planLabel = (plan: Pick<PlanView, "name" | "amount_cents" | "cycle_label" | "active">) =>
  `${plan.name}: ${formatBRL(plan.amount_cents)}, ${plan.cycle_label.toLowerCase()}${plan.active ? "" : " (desativado)"}`;

/** The plans a member may be put on: the active ones, and the one she is on already, even switched off. */
export function planOptions(plans: PlanView[], currentId: number | null): Option[] {
  return plans
    .filter((plan) => plan.active || plan.id === currentId)
    .map((plan) => ({ value: String(plan.id), label: planLabel(plan) }));
}

const kindOptions = memberKinds.map((kind) => ({ value: kind, label: memberKindLabels[kind] }));

/**
 * The register's form (new and edit screens): a plain form that saves without JavaScript. The address is
 * the order's (CEP, state, city as its correction form has them); the CPF or CNPJ is checked against the
 * kind chosen.
 */
export function MemberForm(props: {
  /** The form's accessible name. */
  label: string;
  /** A new member: a blank admission date is the day she is registered. */
  creating: boolean;
  defaultValue: MemberFormValues;
  plans: Option[];
  answer: unknown;
}) {
  const { form, fields } = useAccountForm({
    schema: memberSchema,
    defaultValue: props.defaultValue,
    answer: answerFor(props.answer, SAVE_MEMBER_INTENT),
    id: "member",
  });
  const address = fields.address.getFieldset();
  return (
    <AccountForm form={form} intent={SAVE_MEMBER_INTENT} label={props.label}>
      <Stack maw={760}>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Cadastro
            </Title>
            <SelectField field={fields.kind} label="Tipo" options={kindOptions} />
            <TextField
              field={fields.name}
              label="Nome"
              description="O nome completo da pessoa, ou a razão social da organização."
              maxLength={160}
              autoComplete="off"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                field={fields.tax_id}
                label="CPF ou CNPJ"
                description="CPF para pessoa, CNPJ para organização."
                inputMode="numeric"
                autoComplete="off"
                maxLength={30}
              />
              <TextField
                field={fields.born_on}
                label="Data de nascimento ou fundação"
                description="Opcional."
                type="date"
              />
              <TextField field={fields.email} label="E-mail" type="email" autoComplete="off" />
              <TextField field={fields.phone} label="Telefone" type="tel" inputMode="tel" autoComplete="off" />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Se já existir uma conta no site com este e-mail, ela passa a ver o cadastro em “Minha associação”.
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Endereço
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                field={address.postal_code}
                label="CEP"
                inputMode="numeric"
                autoComplete="off"
                placeholder="00000-000"
              />
              <SelectField field={address.uf} label="Estado (UF)" options={stateOptions} />
              <TextField field={address.city} label="Cidade" autoComplete="off" />
              <TextField field={address.neighborhood} label="Bairro" autoComplete="off" />
              <TextField field={address.street} label="Rua" autoComplete="off" />
              <TextField field={address.number} label="Número" autoComplete="off" />
              <TextField field={address.complement} label="Complemento" autoComplete="off" />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Associação
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SelectField
                field={fields.plan_id}
                label="Plano"
                options={props.plans}
                placeholder={props.plans.length ? "Escolha o plano" : "Nenhum plano ativo"}
              />
              <TextField
                field={fields.admitted_on}
                label="Data de admissão"
                description={props.creating ? "Em branco: hoje." : undefined}
                type="date"
              />
            </SimpleGrid>
            <TextareaField
              field={fields.notes}
              label="Observações"
              description="Só administradores veem."
              maxLength={5000}
            />
          </Stack>
        </Paper>
        <Group>
          <SubmitButton intent={SAVE_MEMBER_INTENT}>Salvar</SubmitButton>
          <Button component={AppLink} to={MEMBERS_LIST} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}
