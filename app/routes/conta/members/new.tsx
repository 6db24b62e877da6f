import { Stack, Text, Title } from "@mantine/core";
import { useActionData } from "react-router";
import { emptyMember, MemberForm, planOptions } from "../../../components/conta/member-form.tsx";
import type { Route } from "./+types/new";
import { newMember } from "./editor.server.ts";

export const loader = newMember.loader;
export const action = newMember.action;

export function meta() {
  return [{ title: "Novo associado" }];
}

export default function NewMember({ loaderData }: Route.ComponentProps) {
  return (
    <Stack>
      <Title order={1} size="h2">
        Novo associado
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        O associado cadastrado aqui já entra como Ativo, com o próximo número do registro; as mensalidades começam no
        próximo dia de vencimento do plano.
      </Text>
      <MemberForm
        label="Novo associado"
        creating
        defaultValue={emptyMember}
        plans={planOptions(loaderData.plans, null)}
        answer={useActionData()}
      />
    </Stack>
  );
}
