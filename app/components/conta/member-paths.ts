import { accountPaths } from "../../../common/site-paths.ts";

// The members area's addresses. common/site-paths.ts names the register's list, new and edit screens
// (accountPaths.area, create and edit of "membros"); the plans' screens under it are named here.

export const MEMBERS_LIST = accountPaths.area("membros");
export const PLANS_LIST = `${MEMBERS_LIST}/planos`;
export const PLAN_CREATE = `${PLANS_LIST}/new`;
export const planEditPath = (id: number) => `${PLANS_LIST}/${id}/edit`;
