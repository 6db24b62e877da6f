import { planSchema } from "../../../../common/schemas/members.ts";
import { PLANS_LIST } from "../../../components/conta/member-paths.ts";
import { editRecordRoutes, newRecordRoutes } from "../../../lib/record-routes.server.ts";

/** /conta/membros/planos/new. */
export const newPlan = newRecordRoutes({
  schema: planSchema,
  list: PLANS_LIST,
  message: "Plano criado com sucesso!",
  create: ({ services, actor }, input) => services.members.createPlan(actor, input),
  data: () => ({}),
});

/** /conta/membros/planos/:id/edit. */
export const editPlan = editRecordRoutes({
  schema: planSchema,
  list: PLANS_LIST,
  message: "Plano salvo com sucesso!",
  load: ({ services, actor }, id) => services.members.getPlan(actor, id),
  update: ({ services, actor }, id, input) => services.members.updatePlan(actor, id, input),
  data: () => ({}),
});
