import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const openApiRoutes = new Hono<AppEnv>();
