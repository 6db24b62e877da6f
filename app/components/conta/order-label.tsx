import { Alert, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCircleDashed, IconPrinter, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatBRL } from "../../../common/money.ts";
import {
  isStepReached,
  type LabelStep,
  labelStepLabels,
  labelStepsDone,
  type OrderLabelView,
} from "../../../common/views/order-labels.ts";
import { ConfirmAction } from "../form-kit/confirm-action.tsx";

/** The page's actions for the label (app/routes/conta/orders/show.tsx reads them). */
export const labelIntents = { buy: "buy-label", sent: "label-sent" } as const;

type StepState = "done" | "failed" | "todo";

const STATE_TEXT: Record<StepState, string> = { done: "feito", failed: "parou aqui", todo: "a fazer" };

/** The step after the last one done: where a failure stopped. */
function nextStep(step: LabelStep): LabelStep | undefined {
  return labelStepsDone.find((candidate) => !isStepReached(step, candidate));
}

function StepIcon({ state }: { state: StepState }) {
  if (state === "done")
    return (
      <ThemeIcon color="green" size={22} radius="xl">
        <IconCheck size={14} aria-hidden />
      </ThemeIcon>
    );
  if (state === "failed")
    return (
      <ThemeIcon color="danger" size={22} radius="xl">
        <IconAlertTriangle size={14} aria-hidden />
      </ThemeIcon>
    );
  return (
    <ThemeIcon color="gray" variant="light" size={22} radius="xl">
      <IconCircleDashed size={14} aria-hidden />
    </ThemeIcon>
  );
}

/** A plain form with one button: the label's own action, with or without JavaScript. */
function IntentButton({ intent, label, icon }: { intent: string; label: string; icon?: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" leftSection={icon}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * The Melhor Envio label of an order, for its administrators: each step with its state (in the cart,
 * paid, generated, ready to print), the PDF once printed, why the last attempt stopped with "Tentar de
 * novo" (which goes on from that step and never pays twice), and "Marcar como enviado" once printed.
 */
export function OrderLabel({
  label,
  serviceName,
  shippingCents,
}: {
  label: OrderLabelView;
  serviceName: string;
  shippingCents: number;
}) {
  const failedAt = label.last_error ? nextStep(label.step) : undefined;
  const started = label.step !== "none" || label.last_error !== null;
  return (
    <Paper withBorder p="md" aria-labelledby="order-label-title" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4" id="order-label-title">
          Etiqueta do Melhor Envio
        </Title>
        <Text size="sm">
          {serviceName}
          {label.price_cents !== null ? ` · ${formatBRL(label.price_cents)}` : ""}
          {label.protocol ? ` · protocolo ${label.protocol}` : ""}
        </Text>
        {started ? (
          <List spacing="xs" listStyleType="none" aria-label="Etapas da etiqueta" data-testid="label-steps">
            {labelStepsDone.map((step) => {
              const state: StepState = isStepReached(label.step, step) ? "done" : step === failedAt ? "failed" : "todo";
              return (
                <List.Item key={step} icon={<StepIcon state={state} />} data-state={state}>
                  {labelStepLabels[step]}{" "}
                  <Text span size="sm" c="dimmed">
                    ({STATE_TEXT[state]})
                  </Text>
                </List.Item>
              );
            })}
          </List>
        ) : null}
        {label.tracking_code ? (
          <Text size="sm">
            Código de rastreamento: <strong style={{ overflowWrap: "anywhere" }}>{label.tracking_code}</strong>
          </Text>
        ) : null}
        {label.last_error ? (
          <Alert color="danger" role="alert" title="A compra da etiqueta parou">
            {label.last_error}
          </Alert>
        ) : null}
        {label.in_progress ? (
          <Text size="sm" role="status">
            A etiqueta está sendo comprada agora. Recarregue a página em instantes.
          </Text>
        ) : null}
        <Group>
          {label.label_url ? (
            <Button
              component="a"
              href={label.label_url}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconPrinter size={16} aria-hidden />}
            >
              Imprimir etiqueta<VisuallyHidden> (PDF, abre em nova aba)</VisuallyHidden>
            </Button>
          ) : null}
          {label.can_buy && !label.in_progress ? (
            started ? (
              <IntentButton
                intent={labelIntents.buy}
                label="Tentar de novo"
                icon={<IconRefresh size={16} aria-hidden />}
              />
            ) : (
              <ConfirmAction
                intent={labelIntents.buy}
                label="Comprar etiqueta"
                title="Comprar a etiqueta no Melhor Envio?"
                confirmLabel="Comprar etiqueta"
                color="primary"
              >
                O valor da etiqueta (o frete cobrado do cliente foi de {formatBRL(shippingCents)}) sai do saldo da loja
                no Melhor Envio. O pedido passa para “Em processamento” e o cliente recebe um e-mail.
              </ConfirmAction>
            )
          ) : null}
          {label.can_mark_sent ? (
            <ConfirmAction
              intent={labelIntents.sent}
              label="Marcar como enviado"
              title="Marcar o pedido como enviado?"
              confirmLabel="Marcar como enviado"
              color="primary"
            >
              O pedido passa para “Produto enviado” e o cliente recebe um e-mail com o código de rastreamento.
            </ConfirmAction>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
