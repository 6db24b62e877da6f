import { Alert, Button, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import {
  MAX_GRACE_DAYS,
  MAX_SUSPEND_AFTER,
  type PlanCycle,
  planCycleLabels,
  planCycles,
  planSchema,
} from "../../../common/schemas/members.ts";
import type { PlanView } from "../../../common/views/members.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { CheckboxField, SelectField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { PLANS_LIST } from "./member-paths.ts";
import { reaisText } from "./reais-text.ts";

/** A plan as the form shows it: the amount as reais text, the numbers as typed. */
export type PlanFormValues = {
  name: string;
  amount_cents: string;
  cycle: PlanCycle;
  due_day: string;
  grace_days: string;
  suspend_after: string;
  active: boolean;
};

/** A new plan starts monthly, with a few days of grace and three dues before a suspension. */
export const emptyPlan: PlanFormValues = {
  name: "",
  amount_cents: "",
  cycle: "mensal",
  due_day: "",
  grace_days: "5",
  suspend_after: "3",
  active: true,
};

export function planFormValues(plan: PlanView): PlanFormValues {
  return {
    name: plan.name,
    amount_cents: reaisText(plan.amount_cents),
    cycle: plan.cycle,
    due_day: String(plan.due_day),
    grace_days: String(plan.grace_days),
    suspend_after: String(plan.suspend_after),
    active: plan.active,
  };
}

const cycleOptions = planCycles.map((cycle) => ({ value: cycle, label: planCycleLabels[cycle] }));

/** The new and edit screens of a plan: a plain form that saves without JavaScript. */
export function PlanForm(props: {
  title: string;
  defaultValue: PlanFormValues;
  /** The members an edited plan already has. */
  members?: number;
  answer: unknown;
}) {
  const { form, fields } = useAccountForm({
    schema: planSchema,
    defaultValue: props.defaultValue,
    answer: props.answer,
  });
  return (
    <AccountForm form={form} label={props.title}>
      <Stack maw={760}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.members ? (
          <Alert
            color="primary"
            variant="light"
            title={`${props.members} ${props.members === 1 ? "associado neste plano" : "associados neste plano"}`}
          >
            Um novo valor vale para as próximas mensalidades; as já geradas mantêm o valor com que foram feitas.
          </Alert>
        ) : null}
        <Paper withBorder p="md">
          <Stack>
            <TextField field={fields.name} label="Nome" placeholder="Contribuição mensal" maxLength={120} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                field={fields.amount_cents}
                label="Valor (R$)"
                description="Cobrado uma vez a cada ciclo da periodicidade."
                placeholder="30,00"
                inputMode="decimal"
                autoComplete="off"
              />
              <SelectField field={fields.cycle} label="Periodicidade" options={cycleOptions} />
              <TextField
                field={fields.due_day}
                label="Dia de vencimento"
                description="De 1 a 31; nos meses mais curtos, o último dia do mês."
                inputMode="numeric"
                autoComplete="off"
              />
              <TextField
                field={fields.grace_days}
                label="Tolerância (dias)"
                description={`Dias depois do vencimento até contar como em atraso (0 a ${MAX_GRACE_DAYS}).`}
                inputMode="numeric"
                autoComplete="off"
              />
              <TextField
                field={fields.suspend_after}
                label="Suspender após (mensalidades em atraso)"
                description={`Quantas mensalidades em atraso suspendem o associado (1 a ${MAX_SUSPEND_AFTER}).`}
                inputMode="numeric"
                autoComplete="off"
              />
            </SimpleGrid>
            <CheckboxField
              field={fields.active}
              label="Ativo"
              description="Desmarque para deixar de oferecê-lo a novos associados; quem já está nele continua."
            />
          </Stack>
        </Paper>
        <Group>
          <SubmitButton>Salvar</SubmitButton>
          <Button component={AppLink} to={PLANS_LIST} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}
