import { Badge } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";

export function OfflineIndicator() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Badge role="status" color="danger" size="lg" style={{ position: "fixed", bottom: 16, left: 16, zIndex: 1000 }}>
      Você está sem conexão
    </Badge>
  );
}
