import { ActionIcon, Badge, Group, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconCornerDownRight, IconExternalLink, IconMenu2 } from "@tabler/icons-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { parseInput } from "../../../../common/parse-input.ts";
import { menuOrderSchema } from "../../../../common/schemas/menu.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { MenuItem } from "../../../../common/views/menus.ts";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import { RecordListScreen } from "../../../components/conta/record-list-screen.tsx";
import { EditAction, type RecordColumn } from "../../../components/conta/record-table.tsx";
import { intentAction } from "../../../lib/form-action.server.ts";
import { type FormAnswer, isFormAnswer, refusalText } from "../../../lib/form-answer.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { notifyError } from "../../../lib/notify.ts";
import { deleteIntent } from "../../../lib/record-routes.server.ts";
import type { Route } from "./+types/list";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  return { menus: await services.menus.list(actor) };
}

export function action({ context, request, url }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  return intentAction(request, {
    delete: deleteIntent(url, (id) => services.menus.remove(actor, id), "Menu excluído."),
    reorder: async (form) => {
      // The buttons post one level's new order as "3,1,2"; an empty parent is the top level.
      const order = parseInput(menuOrderSchema, {
        parent_id: form.get("parent_id") || null,
        ids: String(form.get("ids") ?? "").split(","),
      });
      await services.menus.reorder(actor, order);
      return { ok: true as const };
    },
  });
}

export function meta() {
  return [{ title: "Menus" }];
}

const REORDER_KEY = "menus-reorder";
type ReorderAnswer = { ok: true } | FormAnswer;

/** The level's ids with the item at `index` swapped with its neighbour. */
function moved(siblings: MenuItem[], index: number, step: -1 | 1): string {
  const ids = siblings.map((item) => item.id);
  const other = index + step;
  const a = ids[index];
  const b = ids[other];
  if (a === undefined || b === undefined) return ids.join(",");
  ids[index] = b;
  ids[other] = a;
  return ids.join(",");
}

/** A row's arrows, each swapping the item with its neighbour on that side (none at the ends). */
const moves = [
  { step: -1, label: "Subir", Icon: IconArrowUp },
  { step: 1, label: "Descer", Icon: IconArrowDown },
] as const;

function ReorderButtons({ siblings, index }: { siblings: MenuItem[]; index: number }) {
  // One shared fetcher: while any move is saving, every arrow waits, so moves never cross.
  const fetcher = useFetcher<ReorderAnswer>({ key: REORDER_KEY });
  const busy = fetcher.state !== "idle";
  const item = siblings[index];
  if (!item) return null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="parent_id" value={item.parent_id ?? ""} />
      <Group gap={4} wrap="nowrap">
        {moves.map(({ step, label, Icon }) => (
          <Tooltip key={label} label={label}>
            <ActionIcon
              type="submit"
              name="ids"
              value={moved(siblings, index, step)}
              variant="subtle"
              disabled={siblings[index + step] === undefined || busy}
              aria-label={`${label} ${item.name}`}
            >
              <Icon size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
    </fetcher.Form>
  );
}

function deleteMessage(item: MenuItem) {
  if (item.submenus.length === 0) return <>O menu “{item.name}” será excluído.</>;
  return (
    <>
      O menu “{item.name}” e os seus {item.submenus.length === 1 ? "submenu" : `${item.submenus.length} submenus`} (
      {item.submenus.map((sub) => sub.name).join(", ")}) serão excluídos.
    </>
  );
}

/** Why visitors do not see an item that is enabled, or see it only as a dropdown title. */
function visitorNote(item: MenuItem): string | null {
  if (item.page?.status === "draft") return "Página em rascunho: os visitantes não veem o link.";
  if (item.href !== null || item.parent_id !== null) return null;
  return item.submenus.length > 0
    ? "Sem endereço: abre só os submenus."
    : "Sem endereço nem submenus: os visitantes não veem este menu.";
}

/** A table row: a menu or submenu, with the level it is ordered in. */
type MenuRow = { item: MenuItem; siblings: MenuItem[]; index: number };

/** Menus in header order, each followed by its submenus. */
const menuRows = (menus: MenuItem[]): MenuRow[] =>
  menus.flatMap((item, index) => [
    { item, siblings: menus, index },
    ...item.submenus.map((sub, subIndex) => ({ item: sub, siblings: item.submenus, index: subIndex })),
  ]);

const menuColumns: RecordColumn<MenuRow>[] = [
  {
    heading: "Nome",
    cell: ({ item }) => {
      const child = item.parent_id !== null;
      return (
        <Group gap={6} wrap="nowrap" pl={child ? "lg" : 0}>
          {child ? <IconCornerDownRight size={16} aria-hidden color="var(--mantine-color-dimmed)" /> : null}
          <Text fw={child ? 400 : 600}>
            {child ? <VisuallyHidden>Submenu: </VisuallyHidden> : null}
            {item.name}
          </Text>
        </Group>
      );
    },
  },
  {
    heading: "Endereço",
    cell: ({ item }) => {
      const note = visitorNote(item);
      return (
        <>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }}>
              {item.href ?? "—"}
            </Text>
            {item.external ? (
              <Tooltip label="Abre em uma nova aba">
                <IconExternalLink size={14} aria-label="Abre em uma nova aba" />
              </Tooltip>
            ) : null}
          </Group>
          {note ? (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
        </>
      );
    },
  },
  {
    heading: "Situação",
    cell: ({ item }) => (
      <Badge color={item.enabled ? "success" : "gray"} variant="light">
        {item.enabled ? "Ativo" : "Inativo"}
      </Badge>
    ),
  },
  { heading: "Ordem", cell: ({ siblings, index }) => <ReorderButtons siblings={siblings} index={index} /> },
];

export default function MenusList({ loaderData }: Route.ComponentProps) {
  const { menus } = loaderData;
  const reorder = useFetcher<ReorderAnswer>({ key: REORDER_KEY });
  useEffect(() => {
    if (reorder.state === "idle" && isFormAnswer(reorder.data)) notifyError(refusalText(reorder.data));
    // Only a new answer from the server should show a toast.
  }, [reorder.state, reorder.data]);
  return (
    <RecordListScreen
      heading="Menus"
      create={{ to: accountPaths.create("menus"), label: "Novo menu" }}
      empty={{
        icon: <IconMenu2 aria-hidden />,
        title: "Nenhum menu cadastrado",
        description: "Os menus aparecem no cabeçalho do site. Crie o primeiro com o botão Novo menu.",
      }}
      table={{
        rows: menuRows(menus),
        rowKey: ({ item }) => item.id,
        columns: menuColumns,
        caption: "Menus principais na ordem do cabeçalho, com os seus submenus logo abaixo.",
        minWidth: 680,
        actions: ({ item }) => (
          <>
            <EditAction to={accountPaths.edit("menus", item.id)} name={item.name} />
            <ConfirmDelete subject={item.name} title="Excluir menu" fields={{ id: item.id }}>
              {deleteMessage(item)}
            </ConfirmDelete>
          </>
        ),
      }}
    />
  );
}
