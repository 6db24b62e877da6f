import { useActionData } from "react-router";
import { emptyPlan, PlanForm } from "../../../components/conta/plan-form.tsx";
import { newPlan } from "./editor.server.ts";

export const loader = newPlan.loader;
export const action = newPlan.action;

export function meta() {
  return [{ title: "Novo plano" }];
}

export default function NewPlan() {
  return <PlanForm title="Novo plano" defaultValue={emptyPlan} answer={useActionData()} />;
}
