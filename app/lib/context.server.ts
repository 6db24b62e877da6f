import type { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "../../common/app-context.ts";

export const getApp = (context: Readonly<RouterContextProvider>): AppContext => context.get(appContext);
