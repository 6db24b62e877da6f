import type { RouterContextProvider } from "react-router";
import { deleteSchema } from "../../common/schemas/id.ts";
import type { z } from "../../common/zod.ts";
import type { Services } from "./context.server.ts";
import { redirectWithFlash } from "./flash.server.ts";
import { formAction, intentAction, submitForm } from "./form-action.server.ts";
import { requireAdmin, type SignedInApp } from "./guards.server.ts";
import { idParam, loadOr404 } from "./not-found.server.ts";

/** What the account routes' loaders and actions use of React Router's arguments. */
type RouteArgs = { context: Readonly<RouterContextProvider>; request: Request; params: { id?: string }; url: URL };

/** A record administrators manage (pages, news, events, library items, menus, users) and the list a save goes back to. */
type RecordForm<S extends z.ZodType> = {
  /** The form's shared schema: what the service call receives. */
  schema: S;
  /** e.g. /conta/pages */
  list: string;
  /** The toast shown on the list after saving. */
  message: string;
};

/** The loader and action of a record's new screen, for admin and super only. */
export function newRecordRoutes<S extends z.ZodType, Data>(
  form: RecordForm<S> & {
    create(app: SignedInApp, input: z.infer<S>): Promise<unknown>;
    /** What else the form offers: tag suggestions, parent menus, roles... */
    data(app: SignedInApp): Promise<Data> | Data;
  },
) {
  return {
    loader: async ({ context }: Pick<RouteArgs, "context">) => form.data(requireAdmin(context)),
    action: ({ context, request }: Pick<RouteArgs, "context" | "request">) => {
      const app = requireAdmin(context);
      return formAction(request, form.schema, async (input) => {
        await form.create(app, input);
        return redirectWithFlash(form.list, form.message);
      });
    },
  };
}

/** The loader and action of a record's edit screen (/:id/edit), for admin and super only. */
export function editRecordRoutes<S extends z.ZodType, Item, Data>(
  form: RecordForm<S> & {
    /** The record the screen opens; a missing one is the 404 page. */
    load(app: SignedInApp, id: number): Promise<Item>;
    update(app: SignedInApp, id: number, input: z.infer<S>): Promise<unknown>;
    data(app: SignedInApp, item: NoInfer<Item>): Promise<Data> | Data;
  },
) {
  return {
    loader: async ({ context, params }: Pick<RouteArgs, "context" | "params">) => {
      const app = requireAdmin(context);
      const id = idParam(params);
      const item = await loadOr404(() => form.load(app, id));
      return { item, ...(await form.data(app, item)) };
    },
    action: ({ context, params, request }: Pick<RouteArgs, "context" | "params" | "request">) => {
      const app = requireAdmin(context);
      const id = idParam(params);
      return formAction(request, form.schema, async (input) => {
        await form.update(app, id, input);
        return redirectWithFlash(form.list, form.message);
      });
    },
  };
}

/**
 * The delete button of the account lists: removes the record, then goes back to the same search
 * and page (the normalized `url`, not `request.url` with its `.data` suffix) with a toast; the
 * list's loader moves past an emptied page.
 */
export function deleteIntent(url: URL, remove: (id: number) => Promise<void>, message: string) {
  return (form: FormData) =>
    submitForm(form, deleteSchema, async ({ id }) => {
      await remove(id);
      return redirectWithFlash(url.pathname + url.search, message);
    });
}

/** The action of an account list whose only button is delete. */
export function listDeleteAction(remove: (app: SignedInApp, id: number) => Promise<void>, message: string) {
  return ({ context, request, url }: Pick<RouteArgs, "context" | "request" | "url">) => {
    const app = requireAdmin(context);
    return intentAction(request, { delete: deleteIntent(url, (id) => remove(app, id), message) });
  };
}

/** The calls of a module's service (server/modules/*) that its new and edit screens make. */
type RecordService<Input, Item> = {
  get(actor: SignedInApp["actor"], id: number): Promise<Item>;
  create(actor: SignedInApp["actor"], input: Input): Promise<unknown>;
  update(actor: SignedInApp["actor"], id: number, input: Input): Promise<unknown>;
};

/** The new and edit screens of a record whose service has the usual get, create and update calls. */
export function recordEditor<S extends z.ZodType, Item, NewData, EditData>(editor: {
  service(services: Services): RecordService<z.infer<S>, Item>;
  schema: S;
  list: string;
  created: string;
  saved: string;
  newData(app: SignedInApp): Promise<NewData> | NewData;
  editData(app: SignedInApp, item: NoInfer<Item>): Promise<EditData> | EditData;
}) {
  const form = { schema: editor.schema, list: editor.list };
  return {
    new: newRecordRoutes({
      ...form,
      message: editor.created,
      create: ({ services, actor }, input) => editor.service(services).create(actor, input),
      data: editor.newData,
    }),
    edit: editRecordRoutes({
      ...form,
      message: editor.saved,
      load: ({ services, actor }, id) => editor.service(services).get(actor, id),
      update: ({ services, actor }, id, input) => editor.service(services).update(actor, id, input),
      data: editor.editData,
    }),
  };
}
