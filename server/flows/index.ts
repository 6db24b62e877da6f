import { updateOwnProfile, updateUser } from "./accounts.ts";
import { deleteAccount } from "./delete-account.ts";
import { issueNote, notePanel } from "./fiscal-notes.ts";
import { placeOrder } from "./place-order.ts";
import { signUp } from "./sign-up.ts";
import { saveSiteSettings } from "./site-settings.ts";
import { setUpSite } from "./site-setup.ts";
import { previewWordPressUpload, startWordPressImport } from "./wordpress-import.ts";

/**
 * The flows the app's loaders and actions call, by name, each given `services` first: handed in by
 * server/http/document.ts, as the app's bundles never import server code (app/lib/context.server.ts).
 */
export const appFlows = {
  deleteAccount,
  issueNote,
  notePanel,
  placeOrder,
  previewWordPressUpload,
  saveSiteSettings,
  setUpSite,
  signUp,
  startWordPressImport,
  updateOwnProfile,
  updateUser,
};

export type AppFlows = typeof appFlows;
