import { notFound } from "../../../../common/errors.ts";
import { saoPauloDay } from "../../../../common/schemas/coupons.ts";
import { parseId } from "../../../../common/schemas/id.ts";
import {
  duePaymentSchema,
  dueWaiverSchema,
  memberSchema,
  memberStatusChangeSchema,
  memberStatusLabels,
} from "../../../../common/schemas/members.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { RECORD_PAYMENT_INTENT, WAIVE_DUE_INTENT } from "../../../components/conta/member-dues.tsx";
import { SAVE_MEMBER_INTENT } from "../../../components/conta/member-form.tsx";
import { MEMBERS_LIST } from "../../../components/conta/member-paths.ts";
import { CHANGE_STATUS_INTENT } from "../../../components/conta/member-status.tsx";
import { redirectWithFlash } from "../../../lib/flash.server.ts";
import { intentAction, submitForm } from "../../../lib/form-action.server.ts";
import { requireAdmin, type SignedInApp } from "../../../lib/guards.server.ts";
import { idParam, loadOr404 } from "../../../lib/not-found.server.ts";
import { newRecordRoutes } from "../../../lib/record-routes.server.ts";
import type { Route } from "./+types/edit";

/** Every plan: the form offers the active ones and the member's own. */
const plansOf = async ({ services, actor }: SignedInApp) => ({ plans: (await services.members.listPlans(actor)).data });

/** /conta/membros/new: a new member is Ativo at once, with her number; back to the list. */
export const newMember = newRecordRoutes({
  schema: memberSchema,
  list: MEMBERS_LIST,
  message: "Associado cadastrado com sucesso!",
  create: ({ services, actor }, input) => services.members.create(actor, input),
  data: plansOf,
});

/** /conta/membros/:id/edit: her register entry, history, dues and the moves she may make. */
export async function editMemberLoader({ context, params }: Route.LoaderArgs) {
  const app = requireAdmin(context);
  const id = idParam(params);
  const [detail, plans] = await Promise.all([loadOr404(() => app.services.members.get(app.actor, id)), plansOf(app)]);
  // Today in São Paulo: the day a payment is recorded on unless another is typed.
  return { detail, ...plans, today: saoPauloDay(new Date()) };
}

/** The due a payment or waiver form names (its hidden `due_id`). */
function dueIdOf(form: FormData): number {
  const raw = form.get("due_id");
  const id = parseId(typeof raw === "string" ? raw : undefined);
  if (id === null) throw notFound("Mensalidade não encontrada.");
  return id;
}

/**
 * The edit screen's forms, told apart by their intent: the register's fields (saved as the new screen saves
 * them, back to the list), a status move, a due's payment or waiver (each back to this page), and the
 * deletion (LGPD), back to the list.
 */
export function editMemberAction(args: Route.ActionArgs) {
  const { services, actor } = requireAdmin(args.context);
  const id = idParam(args.params);
  const page = accountPaths.edit("membros", id);
  const members = services.members;
  return intentAction(args.request, {
    [SAVE_MEMBER_INTENT]: (form) =>
      submitForm(form, memberSchema, async (input) => {
        await members.update(actor, id, input);
        return redirectWithFlash(MEMBERS_LIST, "Associado salvo com sucesso!");
      }),
    [CHANGE_STATUS_INTENT]: (form) =>
      submitForm(form, memberStatusChangeSchema, async (change) => {
        const { member } = await members.changeStatus(actor, id, change);
        return redirectWithFlash(page, `Situação alterada para “${memberStatusLabels[member.status]}”.`);
      }),
    [RECORD_PAYMENT_INTENT]: (form) =>
      submitForm(form, duePaymentSchema, async (payment) => {
        await members.recordPayment(actor, id, dueIdOf(form), payment);
        return redirectWithFlash(page, "Pagamento registrado.");
      }),
    [WAIVE_DUE_INTENT]: (form) =>
      submitForm(form, dueWaiverSchema, async (waiver) => {
        await members.waiveDue(actor, id, dueIdOf(form), waiver);
        return redirectWithFlash(page, "Mensalidade dispensada.");
      }),
    delete: async () => {
      await members.remove(actor, id);
      return redirectWithFlash(MEMBERS_LIST, "Associado excluído.");
    },
  });
}
