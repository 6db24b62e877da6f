import { listQuerySchema } from "../../../common/pagination.ts";
import { profileUpdateSchema } from "../../../common/schemas/customer.ts";
import { userCreateSchema, userListQuerySchema, userUpdateSchema } from "../../../common/schemas/user.ts";
import { sessionListViewSchema } from "../../../common/views/auth.ts";
import { userPageSchema, userViewSchema } from "../../../common/views/users.ts";
import {
  areaOperations,
  input,
  messageSchema,
  type Operation,
  output,
  recordOperations,
} from "../../http/openapi/operation.ts";
import { profileView } from "../auth/operations.ts";

const userView = output("User", userViewSchema);

const profile = areaOperations({ tag: "profile", path: "/api/profile", access: "user" });

export const profileOperations: Operation[] = [
  profile.get({
    summary: "The signed-in person",
    success: { status: 200, description: "Name, e-mail and role", schema: profileView },
  }),
  profile.put({
    summary:
      "Change one's own name, e-mail, password (the current password is required to change it), CPF/CNPJ, phone or organization (a field left out keeps its value)",
    body: input("ProfileUpdateInput", profileUpdateSchema),
    success: { status: 200, description: "The updated user; a new password ends the other sessions", schema: userView },
    refusals: [{ status: 409, description: "The e-mail belongs to someone else" }],
  }),
  profile.get({
    path: "/sessions",
    summary:
      "One's open sessions, the latest used first: the device, the latest address and use, and which is this one",
    success: { status: 200, description: "The sessions", schema: output("SessionList", sessionListViewSchema) },
  }),
  profile.post({
    path: "/sessions/end-others",
    summary: "Sign out everywhere else: every session but this one ends (recorded in the audit log)",
    success: { status: 200, description: "How many ended", schema: messageSchema },
  }),
];

const users = recordOperations({
  tag: "users",
  path: "/api/users",
  access: "admin",
  noun: "user",
  view: userView,
  body: input("UserCreateInput", userCreateSchema),
});

export const usersOperations: Operation[] = [
  users.list({
    summary: "List users by name",
    query: [listQuerySchema, userListQuerySchema],
    success: { description: "One page of users", schema: output("UserPage", userPageSchema) },
  }),
  users.create({
    summary: "Create a user (only a super grants the super role)",
    refusals: [{ status: 409, description: "The e-mail is already registered" }],
  }),
  users.read({ summary: "One user" }),
  users.update({
    summary:
      "Update a user; an empty password keeps the current one, a new one ends their sessions; changing one's own password needs current_password",
    body: input("UserUpdateInput", userUpdateSchema),
    refusals: [{ status: 409, description: "The e-mail is taken, or this would leave no super user" }],
  }),
  users.delete({
    summary: "Delete a user (not oneself, never the last super)",
    refusals: [{ status: 409, description: "This would leave no super user" }],
  }),
  areaOperations({ tag: "users", path: "/api/users", access: "admin" }).post({
    path: "/{id}/two-factor/reset",
    summary:
      "A super user clears another person's verification in two steps (a lost phone): her authenticator and recovery codes stop working, her sessions end, she is e-mailed and the audit log names who did it",
    success: { status: 200, description: "Cleared", schema: messageSchema },
    refusals: [
      { status: 400, description: "One's own account (use 'Meus dados')" },
      { status: 403, description: "Not a super user" },
      { status: 409, description: "The person has no verification in two steps" },
    ],
  }),
];
