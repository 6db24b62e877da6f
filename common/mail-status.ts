/** Where an e-mail of the outbox stands, with its label and badge colour on the administrators' screen. Zod-free. */
export const mailStatuses = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailStatusLabels: Record<MailStatus, string> = {
  pending: "Na fila",
  sent: "Enviado",
  failed: "Falhou",
};

export const mailStatusColors: Record<MailStatus, "yellow" | "green" | "red"> = {
  pending: "yellow",
  sent: "green",
  failed: "red",
};
