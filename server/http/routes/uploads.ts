import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const uploadsRoutes = new Hono<AppEnv>();
