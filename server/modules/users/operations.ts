import { listQuerySchema } from "../../../common/pagination.ts";
import {
  profileSchema,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
} from "../../../common/schemas/user.ts";
import { userPageSchema, userViewSchema } from "../../../common/views/users.ts";
import { input, type Operation, output } from "../../http/openapi/operation.ts";
import { profileView } from "../auth/operations.ts";

input("ProfileInput", profileSchema);
input("UserCreateInput", userCreateSchema);
input("UserUpdateInput", userUpdateSchema);

const userView = output("User", userViewSchema);
const userPage = output("UserPage", userPageSchema);

export const profileOperations: Operation[] = [
  {
    method: "get",
    path: "/api/profile",
    summary: "The signed-in person",
    tag: "profile",
    access: "user",
    success: { status: 200, description: "Name, e-mail and role", schema: profileView },
  },
  {
    method: "put",
    path: "/api/profile",
    summary: "Change one's own name, e-mail or password (the current password is required to change it)",
    tag: "profile",
    access: "user",
    body: profileSchema,
    success: { status: 200, description: "The updated user; a new password ends the other sessions", schema: userView },
    refusals: [{ status: 409, description: "The e-mail belongs to someone else" }],
  },
];

export const usersOperations: Operation[] = [
  {
    method: "get",
    path: "/api/users",
    summary: "List users by name",
    tag: "users",
    access: "admin",
    query: [listQuerySchema, userListQuerySchema],
    success: { status: 200, description: "One page of users", schema: userPage },
  },
  {
    method: "post",
    path: "/api/users",
    summary: "Create a user (only a super grants the super role)",
    tag: "users",
    access: "admin",
    body: userCreateSchema,
    success: { status: 201, description: "The new user", schema: userView },
    refusals: [{ status: 409, description: "The e-mail is already registered" }],
  },
  {
    method: "get",
    path: "/api/users/{id}",
    summary: "One user",
    tag: "users",
    access: "admin",
    success: { status: 200, description: "The user", schema: userView },
  },
  {
    method: "put",
    path: "/api/users/{id}",
    summary:
      "Update a user; an empty password keeps the current one, a new one ends their sessions; changing one's own password needs current_password",
    tag: "users",
    access: "admin",
    body: userUpdateSchema,
    success: { status: 200, description: "The updated user", schema: userView },
    refusals: [{ status: 409, description: "The e-mail is taken, or this would leave no super user" }],
  },
  {
    method: "delete",
    path: "/api/users/{id}",
    summary: "Delete a user (not oneself, never the last super)",
    tag: "users",
    access: "admin",
    success: { status: 204, description: "Deleted" },
    refusals: [{ status: 409, description: "This would leave no super user" }],
  },
];
