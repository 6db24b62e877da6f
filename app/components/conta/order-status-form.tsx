import { Alert, Button, Group, NativeSelect, Paper, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { type OrderStatus, orderStatusLabels } from "../../../common/order-status.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** What the order's action answered when it refused a move. */
export type OrderMoveFailure = { message: string; errors: Record<string, string[]> } | undefined;

const errorText = (failure: OrderMoveFailure, field: string) => failure?.errors[field]?.join(" ");

/** The refused move's message, read out when it appears. */
export function OrderMoveRefusal({ failure }: { failure: OrderMoveFailure }) {
  if (!failure) return null;
  return (
    <Alert color="danger" title="A situação não foi alterada" role="alert">
      {failure.message}
    </Alert>
  );
}

/**
 * The administrators' move of an order: only the statuses the server offers (`next`), a note, and the
 * tracking code that "Produto enviado" requires. A plain form post, so it works without JavaScript;
 * there the tracking code field is always shown, with JavaScript only when "Produto enviado" is chosen.
 */
export function OrderStatusForm({ next, failure }: { next: OrderStatus[]; failure: OrderMoveFailure }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [status, setStatus] = useState<string>(next[0] ?? "");
  const options = next.map((value) => ({ value, label: orderStatusLabels[value] }));
  const saving = navigation.state === "submitting" && navigation.formData?.has("status") === true;
  return (
    <Paper withBorder p="md">
      <Form method="post" aria-labelledby="order-move-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="order-move-title">
            Alterar situação
          </Title>
          <NativeSelect
            name="status"
            label="Nova situação"
            data={options}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value)}
            error={errorText(failure, "status")}
          />
          {!hydrated || status === "sent" ? (
            <TextInput
              name="tracking_code"
              label="Código de rastreamento"
              description="Obrigatório para “Produto enviado”, como AA123456789BR"
              autoComplete="off"
              maxLength={40}
              error={errorText(failure, "tracking_code")}
            />
          ) : null}
          <Textarea
            name="note"
            label="Observação"
            description="Opcional; aparece no histórico do pedido"
            autosize
            minRows={2}
            maxLength={500}
            error={errorText(failure, "note")}
          />
          <Group>
            <Button type="submit" loading={saving}>
              Alterar situação
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
