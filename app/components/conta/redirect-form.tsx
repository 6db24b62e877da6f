import { Alert, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { type RedirectSource, redirectSchema } from "../../../common/schemas/redirects.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";

export const redirectSourceLabels: Record<RedirectSource, string> = {
  manual: "Manual",
  wordpress: "Importado do WordPress",
};

export type RedirectFormValues = { from: string; to: string };

export const emptyRedirect: RedirectFormValues = { from: "", to: "" };

export function RedirectForm(props: {
  title: string;
  defaultValue: RedirectFormValues;
  /** An imported redirect is said so: once saved here it is the administrator's, and imports leave it alone. */
  source?: RedirectSource;
  answer: unknown;
}) {
  const { form, fields } = useAccountForm({
    schema: redirectSchema,
    defaultValue: props.defaultValue,
    answer: props.answer,
  });

  return (
    <AccountForm form={form} label={props.title}>
      <Stack maw={640}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.source === "wordpress" ? (
          <Alert color="primary" variant="light" title={redirectSourceLabels.wordpress}>
            Depois de salvo aqui, este redirecionamento passa a ser manual: uma nova importação não o altera mais.
          </Alert>
        ) : null}
        <Paper withBorder p="md">
          <Stack>
            <TextField
              field={fields.from}
              label="Endereço antigo"
              placeholder="/2019/05/noticia-antiga/"
              autoComplete="off"
              spellCheck={false}
              description="O caminho que os visitantes ainda usam, como /2019/05/noticia-antiga/ ou /?p=123. Pode colar o endereço completo (https://site-antigo.org.br/...): só o caminho e o que vem depois do ? são guardados. Maiúsculas, acentos e a barra no fim não fazem diferença."
            />
            <TextField
              field={fields.to}
              label="Leva para"
              placeholder="/noticias/exemplo"
              autoComplete="off"
              spellCheck={false}
              description="Um caminho deste site, começando com /. Redirecionamentos que levavam ao endereço antigo passam a levar para cá."
            />
          </Stack>
        </Paper>
        <Group>
          <SubmitButton>Salvar</SubmitButton>
          <Button component={AppLink} to={accountPaths.area("redirects")} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}
