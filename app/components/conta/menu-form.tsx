import { Button, Group, NumberInput, Paper, Select, Stack, Switch, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useNavigation, useSubmit } from "react-router";
import { menuSchema } from "../../../common/schemas/menu.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { useServerErrors } from "../../lib/use-server-errors.ts";
import { AppLink } from "../app-link.tsx";

export type MenuOption = { value: string; label: string };

/** Select values are strings; an empty choice is null. */
export type MenuFormValues = {
  name: string;
  url: string;
  page_id: string | null;
  parent_id: string | null;
  enabled: boolean;
  position: number | string;
};

export const emptyMenu: MenuFormValues = {
  name: "",
  url: "",
  page_id: null,
  parent_id: null,
  enabled: true,
  position: "",
};

export function MenuForm(props: {
  title: string;
  initialValues: MenuFormValues;
  pages: MenuOption[];
  parents: MenuOption[];
  /** A menu with submenus must stay at the top level (submenus have one level only). */
  hasSubmenus?: boolean;
  /** Only an existing menu shows its position; a new one goes to the end of its level. */
  withPosition?: boolean;
  answer: unknown;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useForm<MenuFormValues>({
    mode: "controlled",
    initialValues: props.initialValues,
    validate: schemaResolver(menuSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, props.answer);

  return (
    <form
      aria-label={props.title}
      // The shared zod schema gives pt-BR messages beside the fields; the browser's own bubbles would hide them.
      noValidate
      onSubmit={form.onSubmit((values) => {
        const { position, ...rest } = values;
        submit(
          { ...rest, ...(props.withPosition && position !== "" ? { position: Number(position) } : {}) },
          { method: "post", encType: "application/json" },
        );
      })}
    >
      <Stack maw={640}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Paper withBorder p="md">
          <Stack>
            <TextInput label="Nome" required maxLength={80} {...form.getInputProps("name")} />
            <TextInput
              label="Endereço"
              placeholder="/contato"
              description="Um caminho do site, como /contato, ou um endereço completo começando com https://. Endereços externos abrem em uma nova aba. Um menu principal sem endereço nem página só abre os seus submenus."
              {...form.getInputProps("url")}
            />
            <Select
              label="Página"
              description="Se escolher uma página, o menu leva a ela em vez do endereço. Enquanto a página estiver em rascunho, os visitantes não veem o link para ela."
              data={props.pages}
              placeholder={props.pages.length === 0 ? "Nenhuma página cadastrada" : "Nenhuma"}
              clearable
              searchable
              nothingFoundMessage="Nenhuma página encontrada"
              {...form.getInputProps("page_id")}
            />
            <Select
              label="Menu principal"
              description={
                props.hasSubmenus
                  ? "Este menu tem submenus, por isso fica no nível principal."
                  : "Deixe vazio para mostrar este menu no nível principal do cabeçalho."
              }
              data={props.parents}
              placeholder="Nenhum (nível principal)"
              clearable
              disabled={props.hasSubmenus}
              {...form.getInputProps("parent_id")}
            />
            {props.withPosition ? (
              <NumberInput
                label="Ordem"
                description="Posição entre os menus do mesmo nível; o menor número vem primeiro."
                min={0}
                max={10000}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps("position")}
              />
            ) : null}
            <Switch label="Ativo" {...form.getInputProps("enabled", { type: "checkbox" })} />
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Salvar
          </Button>
          <Button component={AppLink} to={accountPaths.area("menus")} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
