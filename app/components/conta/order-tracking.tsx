import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconExternalLink, IconRefresh } from "@tabler/icons-react";
import { Form } from "react-router";
import { formatDateTime } from "../../../common/dates/format.ts";
import type { OrderShipmentTrackingView } from "../../../common/views/order-labels.ts";
import { ConfirmAction } from "../form-kit/confirm-action.tsx";

/** The page's actions for the tracking (app/routes/conta/orders/show.tsx reads them). */
export const trackingIntents = { refresh: "refresh-tracking", received: "mark-received" } as const;

/**
 * The parcel's journey as Melhor Envio tells it, newest first, dates on São Paulo's clock; when
 * Melhor Envio could not be asked, the last known events with a note. Administrators may ask again now
 * and, once it shows a delivery, mark the order received.
 */
export function OrderTracking({ tracking, admin }: { tracking: OrderShipmentTrackingView; admin: boolean }) {
  const events = [...tracking.events].reverse();
  return (
    <Paper withBorder p="md" aria-labelledby="order-tracking-title" component="section">
      <Stack gap="sm">
        <Group gap="sm" align="center">
          <Title order={2} size="h4" id="order-tracking-title">
            Rastreamento
          </Title>
          {tracking.status_label ? (
            <Badge variant="light" color={tracking.delivered_at ? "green" : "blue"}>
              {tracking.status_label}
            </Badge>
          ) : null}
        </Group>
        {tracking.tracking_code ? (
          <Text size="sm">
            Código: <strong style={{ overflowWrap: "anywhere" }}>{tracking.tracking_code}</strong>
          </Text>
        ) : null}
        {tracking.tracking_url ? (
          <Anchor href={tracking.tracking_url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            Acompanhar a entrega{" "}
            <Text span size="xs" fw={400}>
              (abre o Melhor Rastreio em nova aba)
            </Text>{" "}
            <IconExternalLink size={14} aria-hidden style={{ verticalAlign: "text-bottom" }} />
          </Anchor>
        ) : null}
        {tracking.notice ? (
          <Alert color="warning" variant="light" role="status">
            {tracking.notice}
          </Alert>
        ) : null}
        {events.length > 0 ? (
          <List spacing="xs" aria-label="Eventos da entrega" data-testid="tracking-events">
            {events.map((event) => (
              <List.Item key={`${event.status}:${event.at}`}>
                <Text span size="sm" fw={600}>
                  {formatDateTime(event.at)}
                </Text>{" "}
                <Text span size="sm">
                  {event.label}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            Ainda não há eventos de entrega.
          </Text>
        )}
        {tracking.checked_at ? (
          <Text size="xs" c="dimmed">
            Consultado no Melhor Envio em {formatDateTime(tracking.checked_at)} (horário de Brasília).
          </Text>
        ) : null}
        {admin ? (
          <Group>
            <Form method="post">
              <input type="hidden" name="intent" value={trackingIntents.refresh} />
              <Anchor component="button" type="submit" size="sm">
                <IconRefresh size={14} aria-hidden style={{ verticalAlign: "text-bottom" }} /> Atualizar rastreamento
              </Anchor>
            </Form>
            {tracking.can_mark_received && tracking.delivered_at ? (
              <ConfirmAction
                intent={trackingIntents.received}
                label="Marcar como recebido"
                title="Marcar o pedido como recebido?"
                confirmLabel="Marcar como recebido"
                color="primary"
              >
                O Melhor Envio informa a entrega em {formatDateTime(tracking.delivered_at)}. O pedido passa para
                “Produto recebido” e o cliente recebe um e-mail.
              </ConfirmAction>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
