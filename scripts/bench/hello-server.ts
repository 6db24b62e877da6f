/** The floor the page cache is compared with: Hono on Node answering "hello", nothing else. */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("/", (c) => c.text("hello"));

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: process.env.HOST });
