import { Badge, type MantineColor } from "@mantine/core";
import { type OrderStatus, orderStatusColors, orderStatusLabels } from "../../../common/order-status.ts";

/** The spec's colour names as Mantine's palette spells them. */
const paletteOf: Record<(typeof orderStatusColors)[OrderStatus], MantineColor> = {
  yellow: "yellow",
  grey: "gray",
  teal: "teal",
  green: "green",
  red: "red",
  blue: "blue",
  orange: "orange",
};

/**
 * An order's status with its label and badge colour (docs/spec.md §4). Each of these colours (Mantine's
 * shade 6) reaches 4.5:1 only with black text; white on red, blue, grey or green falls short of it.
 */
export function OrderStatusBadge({ status, size = "md" }: { status: OrderStatus; size?: "sm" | "md" | "lg" }) {
  const color = orderStatusColors[status];
  return (
    <Badge color={paletteOf[color]} variant="filled" c="black" size={size} miw="max-content" data-color={color}>
      {orderStatusLabels[status]}
    </Badge>
  );
}
