import { Alert, Button, Group, List, Modal, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { carrierLabels, carriers } from "../../../common/brazil/tracking.ts";
import { consequenceTexts, moveConsequences, needsConfirmation } from "../../../common/order-move-consequences.ts";
import { type OrderStatus, orderStatusLabels } from "../../../common/order-status.ts";
import { CANCEL_JUSTIFICATION } from "../../../common/schemas/fiscal.ts";
import { orderStatusChangeSchema } from "../../../common/schemas/orders.ts";
import type { FormAnswer } from "../../lib/form-answer.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { CheckboxField, SelectField, TextareaField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";

/**
 * A move the action holds back until it is confirmed: always for a cancellation whose order has an authorised
 * nota fiscal (`note_cancel`: the question offers to cancel the note too), and without JavaScript for every
 * move that asks first.
 */
export type PendingMove = { to: OrderStatus; texts: string[]; fields: Record<string, string>; note_cancel: boolean };

/** The confirmation's form, told apart from the page's others (its refusal comes back beside its fields). */
export const CONFIRM_MOVE_INTENT = "confirm-move";

const carrierOptions = carriers.map((value) => ({ value, label: carrierLabels[value] }));

/**
 * The question before a move, answered by the server: without JavaScript for every move that asks first, and
 * with it too for a cancellation that may cancel the note, whose checkbox and justification (the note's own
 * "Cancelar nota" limits) are checked like any account form's fields. Brought into view when it appears.
 */
export function ConfirmMove({
  pending,
  orderPath,
  answer,
}: {
  pending: PendingMove;
  orderPath: string;
  answer: FormAnswer | undefined;
}) {
  const { form, fields } = useAccountForm({
    schema: orderStatusChangeSchema,
    answer,
    id: "confirm-move",
    defaultValue: { cancel_note: true },
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "center" });
    heading.current?.focus({ preventScroll: true });
  }, []);
  const kept = Object.entries(pending.fields).filter(
    ([name]) => !["confirmed", "intent", "cancel_note", "justification"].includes(name),
  );
  return (
    <Paper withBorder p="md" role="alertdialog" aria-labelledby="confirm-move-title">
      <AccountForm
        form={form}
        intent={CONFIRM_MOVE_INTENT}
        label="Confirmar a mudança"
        refusedTitle="O pedido não mudou"
      >
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <Stack gap="sm">
          <Title order={2} size="h4" id="confirm-move-title" ref={heading} tabIndex={-1}>
            Mudar a situação para “{orderStatusLabels[pending.to]}”?
          </Title>
          <List>
            {pending.texts.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
          {pending.note_cancel ? (
            <Stack gap="xs">
              <CheckboxField field={fields.cancel_note} label="Cancelar também a nota fiscal" />
              <TextareaField
                field={fields.justification}
                label="Justificativa do cancelamento da nota"
                description={`De ${CANCEL_JUSTIFICATION.min} a ${CANCEL_JUSTIFICATION.max} caracteres; fica registrada na SEFAZ. Só com a caixa acima marcada.`}
                maxLength={CANCEL_JUSTIFICATION.max}
              />
            </Stack>
          ) : null}
          <Group>
            <SubmitButton intent={CONFIRM_MOVE_INTENT}>Confirmar: {orderStatusLabels[pending.to]}</SubmitButton>
            <Button component="a" href={orderPath} variant="default">
              Voltar
            </Button>
          </Group>
        </Stack>
      </AccountForm>
    </Paper>
  );
}

/**
 * The administrators' move of an order: only the statuses the server offers (`next`), none chosen until
 * someone chooses ("Escolha a nova situação"), a note, and the carrier with the tracking code that
 * "Produto enviado" requires. A move that e-mails the customer or gives stock back asks first, naming
 * it. A plain form post, so it works without JavaScript (the tracking fields always show there; the
 * question comes back from the server, as it does with JavaScript for canceling an order whose nota fiscal
 * is authorised: `noteAuthorized`).
 */
export function OrderStatusForm({
  from,
  next,
  answer,
  noteAuthorized = false,
}: {
  from: OrderStatus;
  next: OrderStatus[];
  answer: unknown;
  /** The order's nota fiscal is authorised: canceling asks, on the server's page, whether to cancel it too. */
  noteAuthorized?: boolean;
}) {
  const hydrated = useHydrated();
  const { form, fields } = useAccountForm({ schema: orderStatusChangeSchema, answer, id: "order-move" });
  const [asking, { open, close }] = useDisclosure(false);
  const [question, setQuestion] = useState<{ to: OrderStatus; texts: string[] } | null>(null);
  const confirmed = useRef<HTMLInputElement>(null);
  const chosen = next.find((status) => status === fields.status.value);
  const options = next.map((value) => ({ value, label: orderStatusLabels[value] }));

  const askFirst = (event: FormEvent<HTMLFormElement>) => {
    if (!chosen || confirmed.current?.value === "yes") return;
    const consequences = moveConsequences(from, chosen);
    if (!needsConfirmation(consequences)) return;
    // Its question has fields of its own (ConfirmMove): the server asks it, as without JavaScript.
    if (chosen === "canceled" && noteAuthorized) return;
    event.preventDefault();
    setQuestion({ to: chosen, texts: consequenceTexts(chosen, consequences) });
    open();
  };
  const confirm = () => {
    close();
    if (!confirmed.current) return;
    confirmed.current.value = "yes";
    confirmed.current.form?.requestSubmit();
    confirmed.current.value = "";
  };

  return (
    <Paper withBorder p="md">
      <AccountForm
        form={form}
        label="Alterar situação"
        refusedTitle="A situação não foi alterada"
        onValidSubmit={askFirst}
      >
        <input ref={confirmed} type="hidden" name="confirmed" defaultValue="" />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Alterar situação
          </Title>
          <SelectField
            field={fields.status}
            label="Nova situação"
            placeholder="Escolha a nova situação"
            options={options}
            required
          />
          {!hydrated || chosen === "sent" ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SelectField field={fields.carrier} label="Transportadora" options={carrierOptions} />
              <TextField
                field={fields.tracking_code}
                label="Código de rastreamento"
                description="Obrigatório para “Produto enviado”; nos Correios, como AA123456785BR"
                autoComplete="off"
                maxLength={40}
              />
              {!hydrated || fields.carrier.value === "other" ? (
                <TextField
                  field={fields.tracking_url}
                  label="Página de rastreamento"
                  description="Só para “Outra transportadora”: o endereço, começando com https://"
                  type="url"
                  autoComplete="off"
                  maxLength={500}
                />
              ) : null}
            </SimpleGrid>
          ) : null}
          <TextareaField
            field={fields.note}
            label="Observação"
            description="Opcional; aparece no histórico do pedido e no e-mail ao cliente"
            maxLength={500}
          />
          <Group>
            <SubmitButton>Alterar situação</SubmitButton>
          </Group>
        </Stack>
      </AccountForm>
      <Modal opened={asking} onClose={close} title="Confirmar a mudança" centered>
        {question ? (
          <Stack>
            <Text>Mudar a situação para “{orderStatusLabels[question.to]}”?</Text>
            <Alert color="warning" variant="light">
              <List>
                {question.texts.map((text) => (
                  <List.Item key={text}>{text}</List.Item>
                ))}
              </List>
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} data-autofocus>
                Voltar
              </Button>
              <Button onClick={confirm}>Confirmar: {orderStatusLabels[question.to]}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
