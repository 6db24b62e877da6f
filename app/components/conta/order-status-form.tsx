import { Alert, Button, Group, List, Modal, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type FormEvent, useRef, useState } from "react";
import { Form } from "react-router";
import { carrierLabels, carriers } from "../../../common/brazil/tracking.ts";
import { consequenceTexts, moveConsequences, needsConfirmation } from "../../../common/order-move-consequences.ts";
import { type OrderStatus, orderStatusLabels } from "../../../common/order-status.ts";
import { orderStatusChangeSchema } from "../../../common/schemas/orders.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { SelectField, TextareaField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";

/** A move the action holds back until it is confirmed (a page sent without JavaScript asks this way). */
export type PendingMove = { to: OrderStatus; texts: string[]; fields: Record<string, string> };

const carrierOptions = carriers.map((value) => ({ value, label: carrierLabels[value] }));

/** The question before a move that e-mails the customer or gives stock back, without JavaScript. */
export function ConfirmMove({ pending, orderPath }: { pending: PendingMove; orderPath: string }) {
  return (
    <Paper withBorder p="md" role="alertdialog" aria-labelledby="confirm-move-title">
      <Form method="post">
        {Object.entries(pending.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <Stack gap="sm">
          <Title order={2} size="h4" id="confirm-move-title">
            Mudar a situação para “{orderStatusLabels[pending.to]}”?
          </Title>
          <List>
            {pending.texts.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
          <Group>
            <Button type="submit">Confirmar: {orderStatusLabels[pending.to]}</Button>
            <Button component="a" href={orderPath} variant="default">
              Voltar
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

/**
 * The administrators' move of an order: only the statuses the server offers (`next`), none chosen until
 * someone chooses ("Escolha a nova situação"), a note, and the carrier with the tracking code that
 * "Produto enviado" requires. A move that e-mails the customer or gives stock back asks first, naming
 * it (and, for a cancellation, `cancelNotice`). A plain form post, so it works without JavaScript (the tracking fields always show there; the
 * question comes back from the server).
 */
export function OrderStatusForm({
  from,
  next,
  answer,
  cancelNotice,
}: {
  from: OrderStatus;
  next: OrderStatus[];
  answer: unknown;
  /** What else canceling the order asks the administrator to do (its authorised nota fiscal). */
  cancelNotice?: string;
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
    event.preventDefault();
    const notices = chosen === "canceled" && cancelNotice ? [cancelNotice] : [];
    setQuestion({ to: chosen, texts: [...consequenceTexts(chosen, consequences), ...notices] });
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
