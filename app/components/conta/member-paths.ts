import { accountPaths } from "../../../common/site-paths.ts";

// The members area's addresses. common/site-paths.ts names the register's list, new and edit screens
// (accountPaths.area, create and edit of "membros") and 'Minha associação'; the plans', the settings' and the
// import's screens under the register, and the card and the receipts under 'Minha associação', are named here.

export const MEMBERS_LIST = accountPaths.area("membros");
export const PLANS_LIST = `${MEMBERS_LIST}/planos`;
export const PLAN_CREATE = `${PLANS_LIST}/new`;
export const planEditPath = (id: number) => `${PLANS_LIST}/${id}/edit`;
/** The dues' reminders by e-mail. */
export const MEMBER_SETTINGS = `${MEMBERS_LIST}/configuracoes`;
/** The register read from a CSV of its export's columns: checked first, then imported. */
export const MEMBER_IMPORT = `${MEMBERS_LIST}/importar`;
/** The register as CSV (the REST export), which is also the import's template. */
export const MEMBERS_EXPORT = "/api/members/export.csv";
/** Her member card, printed on its own. */
export const MEMBER_CARD = `${accountPaths.membership}/carteirinha`;
/** A paid due's receipt, printed on its own. */
export const dueReceiptPath = (dueId: number) => `${accountPaths.membership}/recibo/${dueId}`;
