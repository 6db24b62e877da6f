import { useActionData } from "react-router";
import { PlanForm, planFormValues } from "../../../components/conta/plan-form.tsx";
import type { Route } from "./+types/edit";
import { editPlan } from "./editor.server.ts";

export const loader = editPlan.loader;
export const action = editPlan.action;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar plano: ${loaderData.item.name}` : "Editar plano" }];
}

export default function EditPlan({ loaderData }: Route.ComponentProps) {
  const { item: plan } = loaderData;
  return (
    <PlanForm
      // Another plan starts with a fresh form.
      key={plan.id}
      title="Editar plano"
      defaultValue={planFormValues(plan)}
      members={plan.members}
      answer={useActionData()}
    />
  );
}
