import type { PageView } from "../../../common/views/content.ts";
import type { SignedInApp } from "../../lib/guards.server.ts";

export type PageOption = { value: string; label: string };

const option = (page: PageView): PageOption => ({
  value: String(page.id),
  label: page.status === "draft" ? `${page.title} (rascunho)` : page.title,
});

/**
 * Pages to choose from in a Select, by title: the latest 100 (only published ones when
 * asked), plus the page already chosen (`current`) when it is not among them.
 */
export async function pageOptions(
  { services, actor }: Pick<SignedInApp, "services" | "actor">,
  options: { publishedOnly?: boolean; current?: number | null } = {},
): Promise<PageOption[]> {
  const pages = await services.pages.list(actor, {
    page: 1,
    per_page: 100,
    q: "",
    sort: "date_desc",
    ...(options.publishedOnly ? { status: "published" as const } : {}),
  });
  const found = pages.data.map(option);
  const current = options.current;
  if (current !== undefined && current !== null && !found.some((item) => item.value === String(current))) {
    const page = await services.pages.get(actor, String(current)).catch(() => null);
    if (page) found.push(option(page));
  }
  return found.sort((a, b) => a.label.localeCompare(b.label, "pt-BR"));
}
