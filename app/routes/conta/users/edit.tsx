import { Paper, Stack, Text, Title } from "@mantine/core";
import { useActionData } from "react-router";
import { notFound } from "../../../../common/errors.ts";
import { parseId } from "../../../../common/schemas/id.ts";
import { TWO_FACTOR_RESET_DONE } from "../../../../common/schemas/user.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { EditUserForm } from "../../../components/conta/user-form.tsx";
import { ConfirmAction } from "../../../components/form-kit/confirm-action.tsx";
import { userEditor } from "../../../lib/account-editors.server.ts";
import { redirectWithFlash } from "../../../lib/flash.server.ts";
import { intentAction } from "../../../lib/form-action.server.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/edit";

const RESET = "two-factor-reset";

export const loader = userEditor.edit.loader;

/** The user's form, or a super user's reset of this person's verification in two steps (its own button). */
export async function action(args: Route.ActionArgs) {
  const intent = await args.request
    .clone()
    .formData()
    .then(
      (form) => form.get("intent"),
      () => null,
    );
  if (intent !== RESET) return userEditor.edit.action(args);
  const { services, actor } = requireAdmin(args.context);
  const id = parseId(args.params.id);
  return intentAction(args.request, {
    [RESET]: async () => {
      if (id === null) throw notFound("Usuário não encontrado.");
      await services.auth.resetTwoFactorOf(actor, id);
      return redirectWithFlash(accountPaths.edit("users", id), TWO_FACTOR_RESET_DONE);
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar usuário: ${loaderData.item.name}` : "Editar usuário" }];
}

/** Whether the person signs in with a second step; a super user may clear it for someone who lost her phone. */
function TwoFactorOfUser({ name, enabled, canReset }: { name: string; enabled: boolean; canReset: boolean }) {
  return (
    <Paper withBorder p="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Verificação em duas etapas
        </Title>
        <Text size="sm">
          {enabled
            ? `${name} entra com a senha e o código do aplicativo autenticador.`
            : `${name} entra só com a senha.`}
        </Text>
        {enabled && canReset ? (
          <ConfirmAction
            intent={RESET}
            label="Redefinir a verificação em duas etapas"
            title="Redefinir a verificação em duas etapas"
            confirmLabel="Redefinir"
          >
            O aplicativo autenticador e os códigos de recuperação de {name} deixam de valer, as sessões dela são
            encerradas e ela é avisada por e-mail. Use quando ela perdeu o celular e os códigos.
          </ConfirmAction>
        ) : null}
      </Stack>
    </Paper>
  );
}

export default function EditUser({ loaderData }: Route.ComponentProps) {
  const { item: user } = loaderData;
  const answer = useActionData();
  return (
    <Stack>
      <EditUserForm
        // Another user starts with a fresh form.
        key={user.id}
        title="Editar usuário"
        defaultValue={{ name: user.name, email: user.email, role: user.role }}
        canGrantSuper={loaderData.canGrantSuper}
        editingSelf={loaderData.editingSelf}
        answer={answer}
      />
      <TwoFactorOfUser
        name={user.name}
        enabled={user.two_factor}
        // Only a super user, and never on her own account ('Meus dados' is where she changes hers).
        canReset={loaderData.canGrantSuper && !loaderData.editingSelf}
      />
    </Stack>
  );
}
