import { type OrderStatus, orderStatusColors, orderStatusLabels } from "../../../common/order-status.ts";
import styles from "./checkout-status.module.css";

/** An order's status on the public pages, in the badge colours of docs/spec.md §4 that the account shows too. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={styles.badge} data-color={orderStatusColors[status]}>
      {orderStatusLabels[status]}
    </span>
  );
}
