import { Button, Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useActionData } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { MEMBER_SETTINGS, MEMBERS_LIST } from "../../../components/conta/member-paths.ts";
import { MemberSettingsForm, memberSettingsFormSchema } from "../../../components/conta/member-settings-form.tsx";
import { redirectWithFlash } from "../../../lib/flash.server.ts";
import { formAction } from "../../../lib/form-action.server.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/settings";

/** The members' settings (administrators): the dues' reminders by e-mail, the receipts' CNPJ, how dues are paid. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  return { settings: await services.members.settings(actor) };
}

/** Saved, back to this screen with what is stored now. */
export function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  return formAction(request, memberSettingsFormSchema, async (input) => {
    await services.members.saveSettings(actor, input);
    return redirectWithFlash(MEMBER_SETTINGS, "Lembretes salvos com sucesso!");
  });
}

export function meta() {
  return [{ title: "Configurações dos associados" }];
}

export default function MemberSettings({ loaderData }: Route.ComponentProps) {
  return (
    <Stack>
      <Button
        component={AppLink}
        to={MEMBERS_LIST}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        w="fit-content"
      >
        Voltar para os associados
      </Button>
      <Title order={1} size="h2">
        Configurações dos associados
      </Title>
      <MemberSettingsForm defaultValue={loaderData.settings} answer={useActionData()} />
    </Stack>
  );
}
