import { Button, Group, Paper, Stack, Title } from "@mantine/core";
import { menuSchema } from "../../../common/schemas/menu.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { CheckboxField, type Option, SelectField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";

export type MenuOption = Option;

/** A stored menu as the form starts with it; a new one is active. */
export type MenuFormValues = {
  name: string;
  url: string;
  page_id: number | null;
  parent_id: number | null;
  enabled: boolean;
  position?: number;
};

export const emptyMenu: MenuFormValues = { name: "", url: "", page_id: null, parent_id: null, enabled: true };

export function MenuForm(props: {
  title: string;
  defaultValue: MenuFormValues;
  pages: MenuOption[];
  parents: MenuOption[];
  /** A menu with submenus must stay at the top level (submenus have one level only). */
  hasSubmenus?: boolean;
  /** Only an existing menu shows its position; a new one goes to the end of its level. */
  withPosition?: boolean;
  answer: unknown;
}) {
  const { form, fields } = useAccountForm({
    schema: menuSchema,
    defaultValue: props.defaultValue,
    answer: props.answer,
  });

  return (
    <AccountForm form={form} label={props.title}>
      <Stack maw={640}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Paper withBorder p="md">
          <Stack>
            <TextField field={fields.name} label="Nome" maxLength={80} />
            <TextField
              field={fields.url}
              label="Endereço"
              placeholder="/contato"
              description="Um caminho do site, como /contato, ou um endereço completo começando com https://. Endereços externos abrem em uma nova aba. Um menu principal sem endereço nem página só abre os seus submenus."
            />
            <SelectField
              field={fields.page_id}
              label="Página"
              description="Se escolher uma página, o menu leva a ela em vez do endereço. Enquanto a página estiver em rascunho, os visitantes não veem o link para ela."
              options={props.pages}
              placeholder={props.pages.length === 0 ? "Nenhuma página cadastrada" : "Nenhuma"}
            />
            {/* A disabled select posts nothing, which the schema reads as the top level. */}
            <SelectField
              field={fields.parent_id}
              label="Menu principal"
              description={
                props.hasSubmenus
                  ? "Este menu tem submenus, por isso fica no nível principal."
                  : "Deixe vazio para mostrar este menu no nível principal do cabeçalho."
              }
              options={props.parents}
              placeholder="Nenhum (nível principal)"
              disabled={props.hasSubmenus}
            />
            {props.withPosition ? (
              <TextField
                field={fields.position}
                label="Ordem"
                description="Posição entre os menus do mesmo nível; o menor número vem primeiro."
                type="number"
                inputMode="numeric"
                min={0}
                max={10000}
                step={1}
              />
            ) : null}
            <CheckboxField field={fields.enabled} label="Ativo" />
          </Stack>
        </Paper>
        <Group>
          <SubmitButton>Salvar</SubmitButton>
          <Button component={AppLink} to={accountPaths.area("menus")} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}
